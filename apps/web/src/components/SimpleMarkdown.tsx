import type { ReactNode } from 'react';
import { clsx } from 'clsx';

/**
 * A tiny renderer for notices and similar admin-written text: headings, list items, paragraphs,
 * **bold**, `code` and http(s) links. Everything becomes React text nodes, so no raw HTML ever
 * reaches the page; stray HTML tags from rich-text editors are reduced to plain text first.
 */
type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'ul' | 'ol'; items: string[] }
  | { kind: 'p'; lines: string[] };

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

export function htmlToText(source: string) {
  return source
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6])>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);
}

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'p', lines: paragraph });
    paragraph = [];
  };
  for (const raw of htmlToText(source).split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^[-*+•]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)、]\s*(.*)$/.exec(line);
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
    } else if (bullet || numbered) {
      flush();
      const kind = bullet ? 'ul' : 'ol';
      const text = (bullet ?? numbered)![1]!;
      const last = blocks[blocks.length - 1];
      if (last && last.kind === kind) last.items.push(text);
      else blocks.push({ kind, items: [text] });
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

const INLINE = /\*\*(.+?)\*\*|`([^`]+)`|\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g;

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = m.index;
    if (m[1] !== undefined) out.push(<strong key={key} className="font-semibold">{m[1]}</strong>);
    else if (m[2] !== undefined) out.push(<code key={key} className="rounded bg-neutral-100 px-1 py-0.5 text-[0.9em] dark:bg-neutral-800">{m[2]}</code>);
    else out.push(<a key={key} href={m[4]} target="_blank" rel="noopener noreferrer" className="text-primary-fg underline underline-offset-2">{m[3]}</a>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function SimpleMarkdown({ source, className }: { source: string; className?: string }) {
  return (
    <div className={clsx('space-y-3 text-[15px] leading-7 text-neutral-700 dark:text-neutral-300', className)}>
      {parseBlocks(source).map((block, i) => {
        if (block.kind === 'heading') {
          const size = block.level <= 2 ? 'text-base' : 'text-[15px]';
          return (
            <p key={i} role="heading" aria-level={Math.min(block.level + 2, 6)} className={clsx(size, 'font-semibold text-neutral-900 dark:text-neutral-100')}>
              {inline(block.text)}
            </p>
          );
        }
        if (block.kind === 'p') {
          return (
            <p key={i}>
              {block.lines.map((line, j) => (
                <span key={j}>
                  {j > 0 && <br />}
                  {inline(line)}
                </span>
              ))}
            </p>
          );
        }
        const List = block.kind;
        return (
          <List key={i} className={clsx('space-y-1.5 pl-5', List === 'ul' ? 'list-disc marker:text-neutral-400' : 'list-decimal marker:text-neutral-400')}>
            {block.items.map((item, j) => (
              <li key={j} className="pl-0.5">{inline(item)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
