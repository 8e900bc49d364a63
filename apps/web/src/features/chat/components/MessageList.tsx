import { useEffect } from 'react';
import { lazyModule } from '../../../components/markdown/lazy-module.ts';
import { useChatUi } from '../stores/ui-store.ts';
import { MessageItem } from './MessageItem.tsx';
import { rowClass, useRowProps, type ListProps } from './row-props.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Past this many messages only the visible ones are in the DOM (300 messages on a phone). */
export const VIRTUAL_FROM = 40;

/** Until the virtualiser has loaded, a long conversation shows only its end. */
const TAIL_WITHOUT_VIRTUAL = 20;

const virtualModule = lazyModule(() => import('./VirtualList.tsx'));
/** Fetch the virtualiser before a conversation gets long enough to need it. */
export const loadVirtualList = () => virtualModule.load();

function PlainList({ items, modelCode, generating, mobile, contentRef }: ListProps) {
  const rowProps = useRowProps(items, modelCode, generating, mobile);
  return (
    <div ref={contentRef} className="flex flex-col gap-6 py-5 md:gap-7 md:py-8">
      {items.map((item, i) => (
        <div key={item.key} className={rowClass}>
          <MessageItem {...rowProps(item, i)} />
        </div>
      ))}
    </div>
  );
}

/** The conversation; long ones are virtualised, except while exporting (the image needs every message). */
export function MessageList(props: ListProps) {
  const { t } = useTranslation('chat');
  const exporting = useChatUi((s) => s.exporting);
  const virtual = props.items.length > VIRTUAL_FROM && !exporting;
  const virtualList = virtualModule.use(virtual);
  const { scrollRef, items } = props;
  const groupKey = items[0]?.key;

  // A conversation opens at its end.
  useEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [groupKey, scrollRef]);

  return (
    <section aria-label={t('messages')} data-testid="message-list">
      {!virtual ? (
        <PlainList {...props} />
      ) : virtualList ? (
        <virtualList.default {...props} />
      ) : (
        <PlainList {...props} items={props.items.slice(-TAIL_WITHOUT_VIRTUAL)} />
      )}
    </section>
  );
}
