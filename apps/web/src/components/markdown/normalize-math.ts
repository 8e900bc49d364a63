const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Whether a block may contain maths, so KaTeX is loaded only for replies that need it. */
export const hasMath = (text: string) => /\$\$|\\\(|\\\[|\$[^$\s][^$\n]*\$/.test(text);

/**
 * Models often write LaTeX as \( … \) and \[ … \]; remark-math reads $ … $ and $$ … $$.
 * Rewrites them outside code (fenced blocks and `inline` spans are left alone).
 */
export function normalizeMath(block: string): string {
  if (FENCE.test(block)) return block;
  if (block.includes('\\(') || block.includes('\\[')) {
    block = block
      .split(/(`+[^`]*`+)/)
      .map((part, i) =>
        i % 2 === 1
          ? part
          : part.replace(/\\\[([\s\S]+?)\\\]/g, (_, m: string) => `$$${m}$$`).replace(/\\\(([\s\S]+?)\\\)/g, (_, m: string) => `$${m}$`),
      )
      .join('');
  }
  // `$$E=mc^2$$` alone on a line is display maths to a reader; remark-math wants the $$ on lines of their own.
  return block.replace(/^[ \t]*\$\$([^\n$]+)\$\$[ \t]*$/gm, (_, m: string) => `$$\n${m.trim()}\n$$`);
}
