/**
 * The sizes, qualities and styles the drawing screens offer (GET /api/draw-image/image-types); they
 * follow the image providers' parameters. The picture types and the example prompts are in the
 * database, edited in the admin console (content.ts).
 */
export const DRAW_FIXED_OPTIONS = {
  sizes: [
    { value: 'square', label: '方图 1:1' },
    { value: 'portrait', label: '竖图 2:3' },
    { value: 'landscape', label: '横图 3:2' },
  ],
  qualities: [
    { value: 'standard', label: '标准' },
    { value: 'hd', label: '高清' },
  ],
  styles: [
    { value: 'vivid', label: '鲜明' },
    { value: 'natural', label: '自然' },
  ],
};

export const REWRITE_SYSTEM =
  'You turn a user\'s description (usually Chinese) into one English prompt for an image model. ' +
  'Keep every subject and detail the user asked for, add composition, lighting and style words, ' +
  'and answer with the prompt only: one paragraph, no quotes, no explanations, at most 80 words.';

/** Without a chat model: a template that keeps the text and adds style words, labelled as the offline demo. */
export function offlineRewrite(text: string) {
  return `[离线演示] ${text.replace(/\s+/g, ' ').trim()}, highly detailed, soft cinematic lighting, rich colors, 4k`;
}
