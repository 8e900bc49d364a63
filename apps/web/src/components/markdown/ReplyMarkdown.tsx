import { memo, useRef } from 'react';
import { clsx } from 'clsx';
import { closeOpenMarks } from './close-marks.ts';
import { mathModule, rendererModule } from './modules.ts';
import { hasMath, normalizeMath } from './normalize-math.ts';
import { BlockSplitter } from './split-blocks.ts';

type Renderer = NonNullable<ReturnType<typeof rendererModule.get>>;

/** Finished blocks are grouped in pages so a frame re-renders O(pages + one page), not O(blocks). */
const PAGE = 32;

/** One block, parsed again only when its own text changes (only the tail does while streaming). */
const Block = memo(function Block({ text, renderer }: { text: string; renderer: Renderer }) {
  const needsMath = hasMath(text);
  const math = mathModule.use(needsMath);
  return (
    <div className="md-block">
      <renderer.MarkdownBlock source={needsMath ? normalizeMath(text) : text} math={needsMath ? math : null} />
    </div>
  );
});

interface PageProps {
  blocks: string[];
  start: number;
  end: number;
  generation: number;
  renderer: Renderer;
}

/**
 * Blocks [start, end). The block list only grows (a new generation when the text is replaced),
 * so a page with the same bounds shows the same blocks: no need to look at the new array.
 */
const Page = memo(
  function Page({ blocks, start, end, renderer }: PageProps) {
    const items = [];
    for (let i = start; i < end; i++) items.push(<Block key={i} text={blocks[i]!} renderer={renderer} />);
    return <div className="md-page">{items}</div>;
  },
  (a, b) => a.start === b.start && a.end === b.end && a.generation === b.generation && a.renderer === b.renderer,
);

/**
 * A reply as markdown, split into finished blocks (memoised, in pages) and the growing tail, so
 * each streamed frame parses only the tail. Until the renderer chunk has loaded the text shows plain.
 */
export const ReplyMarkdown = memo(function ReplyMarkdown({ text, streaming, className }: { text: string; streaming?: boolean; className?: string }) {
  const splitter = useRef<BlockSplitter | null>(null);
  splitter.current ??= new BlockSplitter();
  // A reply that streamed here had each block on screen once, so the browser knows their sizes.
  const streamed = useRef(false);
  if (streaming) streamed.current = true;
  const { blocks, tail } = splitter.current.update(text);
  const generation = splitter.current.generation;
  const renderer = rendererModule.use();
  if (!renderer) return <div className={clsx('md whitespace-pre-wrap', className)}>{text}</div>;
  const last = streaming ? closeOpenMarks(tail.trimEnd()) : tail.trimEnd();
  const pages = [];
  for (let start = 0; start < blocks.length; start += PAGE) {
    pages.push(<Page key={start} blocks={blocks} start={start} end={Math.min(start + PAGE, blocks.length)} generation={generation} renderer={renderer} />);
  }
  return (
    <div className={clsx('md', streamed.current && 'md-streamed', className)}>
      {pages}
      {/* Keyed by its future index: when the tail is finished it stays the same element. */}
      {last && (
        <div className="md-page">
          <Block key={blocks.length} text={last} renderer={renderer} />
        </div>
      )}
    </div>
  );
});
