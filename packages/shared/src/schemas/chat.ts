import { z } from 'zod';
import { CHAT_INPUT_HARD_MAX, CHAT_TITLE_MAX, IMAGES_PER_CONVERSATION, TEMPERATURE_MAX } from '../constants.ts';
import { ID_MAX } from '../safe-text.ts';
import { optionalText } from './common.ts';
import { toolStep, turnResumeEvent, turnSecret } from './turns.ts';

/** A group id: a positive integer, sent as a number or a numeric string. */
const groupId = (label: string) =>
  z.coerce.number({ error: `${label} 无效` }).int(`${label} 无效`).positive(`${label} 无效`).max(ID_MAX, `${label} 无效`);

/** 1 / 0 / true / false from JSON or a query string. */
const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 || v === '' ? false : v),
  z.boolean(),
);

/** Image URLs as an array, or comma-separated in a query string. */
const imageList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
  z
    .array(z.string().trim().min(1).max(1000))
    .max(IMAGES_PER_CONVERSATION, `每个对话最多上传${IMAGES_PER_CONVERSATION}张图片`),
);

/** 1 plain chat, 2 expert (identity) chat, 3 template chat. */
export const chatGroupType = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type ChatGroupType = z.infer<typeof chatGroupType>;

/** `type=1`, `type=1,3` or `type=[1,3]`. */
const groupTypes = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean).map(Number) : typeof v === 'number' ? [v] : v),
  z
    .array(z.coerce.number(), { error: 'type 无效' })
    .min(1, 'type 无效')
    .max(3, 'type 无效')
    .refine((a) => a.every((n) => n === 1 || n === 2 || n === 3), 'type 无效')
    .transform((a) => a as ChatGroupType[]),
);

/**
 * Prepares a turn (SPEC §4.2 step 1). A plain turn sends `input`; `retry` re-sends the last user
 * message of group `uuid`. Template chat sends `temp_id` + `variable` (the values of the template's
 * form; `input` is ignored) on its first turn, plain turns with `uuid` after it; expert chat sends
 * `identity_id` with `input` on its first turn. Their groups are types 3 and 2.
 */
export const chatCreateBody = z
  .object({
    input: z.string().max(CHAT_INPUT_HARD_MAX, '输入内容过长').default(''),
    /** 0 (or absent) starts a new group. */
    uuid: z.coerce.number({ error: 'uuid 无效' }).int('uuid 无效').min(0, 'uuid 无效').max(ID_MAX, 'uuid 无效').default(0),
    /** The model code; defaults to the group's model, else the first model. */
    feature: optionalText(64),
    images: imageList.default([]),
    retry: flag.default(false),
    /** Send earlier messages of the group as context (SPEC §3 chat state usingContext). */
    usingContext: flag.default(true),
    temperature: z.coerce.number().min(0, 'temperature 无效').max(TEMPERATURE_MAX, 'temperature 无效').optional(),
    systemMessage: z.string().max(4000, '系统提示词过长').optional(),
    temp_id: z.coerce.number({ error: 'temp_id 无效' }).int('temp_id 无效').positive('temp_id 无效').max(2_147_483_647, 'temp_id 无效').optional(),
    variable: z.record(z.string(), z.unknown()).optional(),
    identity_id: z.coerce.number({ error: 'identity_id 无效' }).int('identity_id 无效').positive('identity_id 无效').max(2_147_483_647, 'identity_id 无效').optional(),
    /**
     * The message the new question follows in group `uuid` (0: it becomes a first message). An
     * earlier one forks the conversation there (an edited question); absent, the question follows
     * the end of the branch on screen.
     */
    parentId: z.coerce.number({ error: 'parentId 无效' }).int('parentId 无效').min(0, 'parentId 无效').max(ID_MAX, 'parentId 无效').optional(),
    /** Search the web for this question first (联网搜索): the reply cites numbered sources; allowed models only (website.search). */
    search: flag.default(false),
    /** With `retry`: the question to answer again (the new reply is a sibling of its earlier ones); absent, the last question on screen. */
    messageId: z.coerce.number({ error: 'messageId 无效' }).int('messageId 无效').positive('messageId 无效').max(ID_MAX, 'messageId 无效').optional(),
    /** The tools (function names, `server__tool`) the user picked for this turn; only for a model allowed to use tools. */
    tools: z.array(z.string().min(1, '工具名无效').max(64, '工具名无效'), { error: 'tools 无效' }).max(32, '最多选择 32 个工具').optional(),
  })
  .superRefine((b, ctx) => {
    if (b.parentId !== undefined && b.uuid === 0) ctx.addIssue({ code: 'custom', path: ['parentId'], message: '新对话不能指定上一条消息' });
    if (b.messageId !== undefined && !b.retry) ctx.addIssue({ code: 'custom', path: ['messageId'], message: '只有重试时才能指定消息' });
    if (b.retry) {
      if (b.uuid === 0) ctx.addIssue({ code: 'custom', path: ['uuid'], message: '重试需要指定对话' });
      if (b.parentId !== undefined) ctx.addIssue({ code: 'custom', path: ['parentId'], message: '重试时请用 messageId 指定问题' });
      return;
    }
    if (b.temp_id === undefined && !b.input.trim()) ctx.addIssue({ code: 'custom', path: ['input'], message: '请输入内容' });
  });
export type ChatCreateBody = z.infer<typeof chatCreateBody>;
export type ChatCreateInput = z.input<typeof chatCreateBody>;

export const chatCreateReply = z.object({
  uuid: z.number(),
  /** One-use, short-lived: opens the stream of this turn; also the handle to stop it. */
  secret: z.string(),
});
export type ChatCreateReply = z.infer<typeof chatCreateReply>;

/** `feature` and `images` are informative: the prepared turn decides. */
export const chatStreamQuery = z.object({
  secret: turnSecret,
  feature: optionalText(64),
  images: z.string().max(6000).optional(),
});
export type ChatStreamQuery = z.infer<typeof chatStreamQuery>;

export const chatStopBody = z.object({ secret: turnSecret });
export type ChatStopBody = z.infer<typeof chatStopBody>;

export const chatUsage = z.object({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
});
export type ChatUsage = z.infer<typeof chatUsage>;

/** One page a searched reply read; `[n]` in the reply cites the n-th (1-based). */
export const chatSource = z.object({ title: z.string(), url: z.string() });
export type ChatSource = z.infer<typeof chatSource>;

/**
 * The web search of a reply: `ok` with its sources, `empty` (nothing found) or `failed` (the
 * search service failed; the reply was written without sources); `cost`: credits it added.
 */
export const chatSearch = z.object({ status: z.enum(['ok', 'empty', 'failed']), sources: z.array(chatSource), cost: z.number() });
export type ChatSearch = z.infer<typeof chatSearch>;

/** How a reply ended: in full, stopped by the user (or a dropped connection), or by a failure. */
export const chatMessageStatus = z.enum(['complete', 'stopped', 'error']);
export type ChatMessageStatus = z.infer<typeof chatMessageStatus>;

/**
 * One `data:` line of GET /api/chat/stream. `delta` carries the next piece of text (`thinking`, of a
 * reasoning model's thinking, apart from it); the stream
 * ends with exactly one `done` or `error`. An `error` with a 408xxx code means the balance
 * cannot pay (open the purchase dialog); `messageId` is set when a (partial) reply was saved.
 */
export const chatStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  /** The next piece of a reasoning model's thinking: comes before the answer's deltas, shown apart from them. */
  z.object({ type: z.literal('thinking'), text: z.string() }),
  /** A turn with tools: a call started (`running`) or finished; the same `id` again replaces the earlier state. */
  z.object({ type: z.literal('tool'), step: toolStep }),
  turnResumeEvent,
  z.object({
    type: z.literal('done'),
    uuid: z.number(),
    messageId: z.number(),
    userMessageId: z.number(),
    status: z.enum(['complete', 'stopped']),
    usage: chatUsage.nullable(),
    /** Credits taken for this reply (0 when nothing was charged), the search's included. */
    charged: z.number(),
    /** A searched turn: what the search found (the sources `[n]` in the text cites). */
    search: chatSearch.nullable().optional(),
  }),
  z.object({
    type: z.literal('error'),
    code: z.number(),
    message: z.string(),
    uuid: z.number(),
    messageId: z.number().nullable(),
  }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEvent>;

export const chatHistoriesQuery = z.object({ type: groupTypes.default([1]) });
export type ChatHistoriesQuery = z.infer<typeof chatHistoriesQuery>;

export const chatGroup = z.object({
  uuid: z.number(),
  title: z.string(),
  /** Same as title (SPEC §3: the group's input is its title). */
  input: z.string(),
  model: z.string(),
  type: chatGroupType,
  isSticky: z.boolean(),
  appId: z.number().nullable(),
  templateId: z.number().nullable(),
  identityId: z.number().nullable(),
  /** Template groups: the form values of the first turn. */
  variable: z.record(z.string(), z.string()).nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChatGroup = z.infer<typeof chatGroup>;
/** Sticky first, then the most recently used. */
export const chatHistoriesReply = z.object({ list: z.array(chatGroup) });
export type ChatHistoriesReply = z.infer<typeof chatHistoriesReply>;

export const chatHistoryQuery = z.object({ uuid: groupId('uuid'), model: optionalText(64) });
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuery>;

export const chatMessage = z.object({
  id: z.number(),
  uuid: z.number(),
  /** The message this one follows (null: a first message). Siblings are the branches of a conversation. */
  parentId: z.number().nullable().optional(),
  role: z.enum(['user', 'assistant']),
  /** True for the user's own messages (SPEC §3). */
  inversion: z.boolean(),
  text: z.string(),
  images: z.array(z.string()),
  status: chatMessageStatus,
  /** True when the reply ended with a failure; `errorText` says which. */
  error: z.boolean(),
  errorText: z.string().nullable(),
  model: z.string(),
  usage: chatUsage.nullable(),
  charged: z.boolean(),
  dateTime: z.string(),
  /** A searched reply: its sources. */
  search: chatSearch.nullable().optional(),
  /** A reasoning model's thinking, apart from the answer in `text` (absent when it had none), and how long it thought. */
  thinking: z.string().optional(),
  thinkingMs: z.number().nullable().optional(),
  /** A reply of a turn with tools: its calls, in order (absent when it had none). */
  tools: z.array(toolStep).optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** GET /api/chat/tools: the tools a user may pick for a turn on model `feature` (default: the first model). */
export const chatToolsQuery = z.object({ feature: optionalText(64) });
export type ChatToolsQuery = z.infer<typeof chatToolsQuery>;
/** `name` is what chat/create's `tools` takes; `price`: credits per call that succeeds. Empty when the model may not use tools. */
export const chatToolOption = z.object({ name: z.string(), server: z.string(), tool: z.string(), title: z.string(), description: z.string(), price: z.number() });
export type ChatToolOption = z.infer<typeof chatToolOption>;
/** `maxRounds`: rounds of calls a turn may make; a turn holds at most maxRounds × 4 × the dearest picked tool on top of the model. */
export const chatToolsReply = z.object({ list: z.array(chatToolOption), maxRounds: z.number() });
export type ChatToolsReply = z.infer<typeof chatToolsReply>;
/**
 * Every message of the conversation (all branches), oldest first, and the message whose branch is
 * on screen: the path from the first message down to `activeId`, then on along the newest replies.
 */
export const chatHistoryReply = z.object({ list: z.array(chatMessage), activeId: z.number().nullable().optional() });
export type ChatHistoryReply = z.infer<typeof chatHistoryReply>;

export const chatHistoryDeleteBody = z.object({ uuid: groupId('uuid'), model: optionalText(64) });
export type ChatHistoryDeleteBody = z.infer<typeof chatHistoryDeleteBody>;

export const groupUpdateBody = z
  .object({
    uuid: groupId('uuid'),
    title: z.string().trim().min(1, '标题不能为空').max(CHAT_TITLE_MAX, `标题最多${CHAT_TITLE_MAX}个字`).optional(),
    isSticky: flag.optional(),
  })
  .refine((b) => b.title !== undefined || b.isSticky !== undefined, { message: '没有要修改的内容' });
export type GroupUpdateBody = z.infer<typeof groupUpdateBody>;
export const groupUpdateReply = chatGroup;

/** Without `type`, every group of the caller is deleted. */
export const groupDelAllBody = z.object({ type: groupTypes.optional() });
export type GroupDelAllBody = z.infer<typeof groupDelAllBody>;
export const chatCountReply = z.object({ count: z.number() });

/** Deletes the message and everything that follows it (its replies and their branches). */
export const chatlogDelBody = z.object({ id: groupId('id') });

/** Shows another branch: `messageId` becomes the message whose branch is on screen (remembered for the next visit). */
export const chatBranchBody = z.object({ uuid: groupId('uuid'), messageId: groupId('messageId') });
export type ChatBranchBody = z.infer<typeof chatBranchBody>;
export const chatBranchReply = z.object({ activeId: z.number() });
export type ChatBranchReply = z.infer<typeof chatBranchReply>;
export type ChatlogDelBody = z.infer<typeof chatlogDelBody>;

export const chatlogDelByGroupBody = z.object({ groupId: groupId('groupId') });
export type ChatlogDelByGroupBody = z.infer<typeof chatlogDelByGroupBody>;

/** Multipart fields of POST /api/chat/upload-image besides the file (also accepted as query). */
export const chatUploadImageFields = z.object({ feature: z.string({ error: '请指定模型' }).trim().min(1, '请指定模型').max(64) });
export const chatUploadImageReply = z.object({
  /** Pass it in `images` of chat/create. */
  url: z.string(),
  mime: z.enum(['image/png', 'image/jpeg', 'image/bmp']),
  size: z.number(),
});
export type ChatUploadImageReply = z.infer<typeof chatUploadImageReply>;
