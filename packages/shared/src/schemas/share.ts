import { z } from 'zod';
import { CHAT_TITLE_MAX } from '../constants.ts';
import { ID_MAX } from '../safe-text.ts';

/** Messages a share may hold, and their text in all (a snapshot larger than this is refused). */
export const SHARE_MAX_MESSAGES = 500;
export const SHARE_MAX_CHARS = 1_000_000;
/** Live (not revoked) shares one user may keep. */
export const SHARE_MAX_ACTIVE = 200;
/** A share token: 22 URL-safe characters (16 random bytes). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const id = (label: string) =>
  z.coerce.number({ error: `${label} 无效` }).int(`${label} 无效`).positive(`${label} 无效`).max(ID_MAX, `${label} 无效`);

/**
 * Shares conversation `uuid`: the whole of it, or up to and including message `messageId`.
 * `title` replaces the conversation's title on the public page.
 */
export const shareCreateBody = z.object({
  uuid: id('uuid'),
  messageId: id('messageId').optional(),
  title: z
    .string({ error: '标题无效' })
    .trim()
    .max(CHAT_TITLE_MAX, `标题最多${CHAT_TITLE_MAX}个字`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ShareCreateBody = z.infer<typeof shareCreateBody>;
export type ShareCreateInput = z.input<typeof shareCreateBody>;

/** One of my shares (the user centre's 我的分享). */
export const shareItem = z.object({
  id: z.number(),
  token: z.string(),
  /** The public page: `${PUBLIC_URL}/s/<token>`. */
  url: z.string(),
  title: z.string(),
  messageCount: z.number(),
  viewCount: z.number(),
  revoked: z.boolean(),
  created_at: z.string(),
});
export type ShareItem = z.infer<typeof shareItem>;
export const shareCreateReply = shareItem;
export const shareMineReply = z.object({ list: z.array(shareItem) });
export type ShareMineReply = z.infer<typeof shareMineReply>;

export const shareRevokeBody = z.object({ id: id('id') });
export type ShareRevokeBody = z.infer<typeof shareRevokeBody>;

/** Any string up to 100 characters: a malformed token is the same 404 as an unknown one. */
export const shareTokenParams = z.object({ token: z.string().max(100) });

/** One message of the snapshot, as it was rendered when shared. */
export const sharedMessage = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  dateTime: z.string(),
});
export type SharedMessage = z.infer<typeof sharedMessage>;

/** The public, read-only copy: no owner, no ids of the conversation. */
export const shareViewReply = z.object({
  title: z.string(),
  messages: z.array(sharedMessage),
  viewCount: z.number(),
  created_at: z.string(),
});
export type ShareViewReply = z.infer<typeof shareViewReply>;
