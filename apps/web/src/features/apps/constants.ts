import type { AppKind } from '@app/shared';

/** Cards per store page (the server's default page size). */
export const APP_STORE_PAGE_SIZE_DEFAULT = 24;

/** The chat screen that opens an app (SPEC §2.1: ChatTemp and ChatExpert take `id`). */
export function chatPathOf(app: { id: number; kind: AppKind }) {
  return `${app.kind === 'expert' ? '/talk-expert' : '/talk-temp'}?id=${app.id}`;
}
