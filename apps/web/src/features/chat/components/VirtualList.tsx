import { useLayoutEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MessageItem } from './MessageItem.tsx';
import { rowClass, useRowProps, type ListProps } from './row-props.ts';

/** Only the rows in view (plus a few) are in the DOM; heights are measured as rows render. */
export default function VirtualList({ items, modelCode, generating, mobile, scrollRef, contentRef }: ListProps) {
  const rowProps = useRowProps(items, modelCode, generating, mobile);
  const v = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (items[i]?.inversion ? 88 : 260),
    getItemKey: (i) => items[i]!.key,
    overscan: 4,
    paddingStart: 20,
    paddingEnd: 20,
  });
  const first = useRef(true);
  useLayoutEffect(() => {
    if (!first.current) return;
    first.current = false;
    v.scrollToIndex(items.length - 1, { align: 'end' });
  }, [v, items.length]);
  return (
    <div ref={contentRef} style={{ height: v.getTotalSize(), position: 'relative' }}>
      {v.getVirtualItems().map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={v.measureElement}
          className={rowClass}
          style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)`, paddingBottom: 26 }}
        >
          <MessageItem {...rowProps(items[row.index]!, row.index)} />
        </div>
      ))}
    </div>
  );
}
