import type { McpCallResult } from '../../providers/mcp/index.ts';

export interface ToolResultText {
  /** What the model reads (and what is stored): cut to the cap. */
  text: string;
  /** Characters of the whole result before the cut. */
  fullLength: number;
  truncated: boolean;
}

/**
 * A call's result as text: the text parts joined, other parts (images, audio, resources) named
 * rather than inlined, structured content when there is nothing else; cut to `maxChars` with a note
 * of the full length, so a 10 MB answer never reaches the model or the database whole.
 */
export function resultText(result: McpCallResult, maxChars: number): ToolResultText {
  const parts: string[] = [];
  let length = 0;
  for (const c of result.content) {
    // Stop copying once well past the cap; only the length of the rest is counted.
    const piece =
      c.type === 'text' && typeof c.text === 'string'
        ? c.text
        : c.type === 'resource_link'
          ? `[resource ${String(c.uri ?? '')}]`
          : c.type === 'resource'
            ? `[resource ${String((c.resource as { uri?: string } | undefined)?.uri ?? '')}]`
            : `[${c.type}${c.mimeType ? ` ${c.mimeType}` : ''}]`;
    if (length <= maxChars) parts.push(piece);
    length += piece.length + (parts.length > 1 ? 1 : 0);
  }
  if (!result.content.length && result.structuredContent !== undefined) {
    const json = JSON.stringify(result.structuredContent) ?? '';
    parts.push(json);
    length = json.length;
  }
  return cutText(parts.join('\n'), maxChars, length);
}

/** A result's text cut to `maxChars`, with a note of the full length (`length`: of the whole, when `text` is already a part of it). */
export function cutText(text: string, maxChars: number, length = text.length): ToolResultText {
  if (length <= maxChars) return { text, fullLength: length, truncated: false };
  return { text: `${text.slice(0, maxChars)}\n…[结果过长，已截断：共 ${length} 字符，此处保留前 ${maxChars} 字符]`, fullLength: length, truncated: true };
}
