import { CHAT_IMAGE_MAX_BYTES, IMAGES_PER_CONVERSATION } from '@app/shared/constants';
import type { ChatItem } from '../types.ts';

/** What the file picker offers (SPEC §5: png, bmp, jpg). */
export const IMAGE_ACCEPT = '.png,.bmp,.jpg,.jpeg,image/png,image/bmp,image/jpeg';
const EXT = /\.(png|bmp|jpe?g)$/i;
const MIME = /^image\/(png|bmp|x-ms-bmp|jpeg)$/i;

export const imagesInConversation = (messages: ChatItem[]) => messages.reduce((n, m) => n + (m.inversion ? m.images.length : 0), 0);

/** How many more images may be attached: SPEC §9, 5 per conversation, counting what is pending. */
export const imageRoom = (messages: ChatItem[], pending: number) => Math.max(0, IMAGES_PER_CONVERSATION - imagesInConversation(messages) - pending);

export type ImageProblem = 'type' | 'size' | null;

export function checkImage(file: Pick<File, 'name' | 'type' | 'size'>): ImageProblem {
  if (!EXT.test(file.name) && !MIME.test(file.type)) return 'type';
  if (file.size > CHAT_IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** Splits picked files into the ones to upload and whether the limit cut some off. */
export function pickWithinLimit<T>(files: T[], room: number): { accepted: T[]; overLimit: boolean } {
  return { accepted: files.slice(0, room), overLimit: files.length > room };
}
