import { z } from 'zod';
import { DOCUMENT_MAX_BYTES, DOCUMENT_NAME_MAX, DOCUMENT_QUESTION_MAX } from '../constants.ts';
import { chatUsage } from './chat.ts';
import { turnResumeEvent } from './turns.ts';

/** A document's token: the id the API hands out for it (SPEC §3 document group uuid). */
export const documentToken = z.string({ error: 'token 不能为空' }).trim().regex(/^[a-f0-9]{32}$/, 'token 无效');

const fileSuffix = z
  .string({ error: '请选择文件' })
  .trim()
  .toLowerCase()
  .transform((s) => s.replace(/^\./, ''))
  .pipe(z.string().regex(/^[a-z0-9]{1,8}$/, '当前格式不支持！'));
const fileSize = z.coerce
  .number({ error: 'file_size 无效' })
  .int('file_size 无效')
  .positive('文件内容为空，请重新选择')
  .max(DOCUMENT_MAX_BYTES, `文件不能超过${DOCUMENT_MAX_BYTES / 1024 / 1024}MB`);
const fileName = z.string({ error: '请选择文件' }).trim().min(1, '请选择文件').max(DOCUMENT_NAME_MAX, '文件名过长');

/** GET /api/document/pre_add — without a file, only tells the limits; with one, checks it too. */
export const documentPreAddQuery = z.object({
  file_name: fileName.optional(),
  file_ext: fileSuffix.optional(),
  file_size: fileSize.optional(),
});
export type DocumentPreAddQuery = z.infer<typeof documentPreAddQuery>;
export const documentPreAddReply = z.object({
  /** Suffixes this user may upload (SPEC: the user's accept_types). */
  accept_types: z.array(z.string()),
  max_size: z.number(),
  /** Live documents and how many the user may keep. */
  used: z.number(),
  limit: z.number(),
});
export type DocumentPreAddReply = z.infer<typeof documentPreAddReply>;

/** GET /api/cos/signature: temporary credentials for one upload of this file. */
export const uploadSignatureQuery = z.object({ file_name: fileName, file_ext: fileSuffix, file_size: fileSize });
export type UploadSignatureQuery = z.infer<typeof uploadSignatureQuery>;

/** One 5 MB slice: PUT its bytes to `url` (presigned; no other credentials needed). */
export const uploadPart = z.object({ part_number: z.number(), url: z.string(), headers: z.record(z.string(), z.string()) });
export type UploadPart = z.infer<typeof uploadPart>;
/**
 * Credentials scoped to one upload and short-lived (SPEC §3 upload credentials). `secret_id` is the
 * upload's id and `token` its ticket; the slices go to the presigned `parts` URLs in order;
 * `location` is what POST /api/document/add takes back as `files`.
 */
export const uploadSignatureReply = z.object({
  secret_id: z.string(),
  secret_key: z.string(),
  token: z.string(),
  start_time: z.number(),
  expire_time: z.number(),
  bucket: z.string(),
  region: z.string(),
  key: z.string(),
  location: z.string(),
  part_size: z.number(),
  parts: z.array(uploadPart),
});
export type UploadSignatureReply = z.infer<typeof uploadSignatureReply>;

/** POST /api/document/add: the upload is finished; join it and start the parse. Idempotent per upload. */
export const documentAddBody = z.object({
  /** The `location` (or `key`) from the signature reply. */
  files: z.string({ error: '请先上传文件' }).trim().min(1, '请先上传文件').max(1000),
  /** The upload ticket (`token` of the signature reply). */
  upload_token: z.string({ error: '上传凭证无效' }).min(16, '上传凭证无效').max(600, '上传凭证无效'),
  name: fileName,
  file_size: fileSize,
  file_ext: fileSuffix,
});
export type DocumentAddBody = z.infer<typeof documentAddBody>;
export const documentAddReply = z.object({ token: z.string() });

export const documentTokenQuery = z.object({ token: documentToken });
export const documentTokenBody = z.object({ token: documentToken });

/** GET /api/document/query: the parse of one document. status 0 waiting, 1 parsing, 2 done, 3 failed. */
export const documentQueryReply = z.object({
  token: z.string(),
  status: z.number(),
  name_status: z.number(),
  title: z.string(),
  /** Why the parse failed (status 3). */
  error: z.string().nullable(),
  pages: z.number().nullable(),
});
export type DocumentQueryReply = z.infer<typeof documentQueryReply>;

export const documentOption = z.object({ value: z.string(), label: z.string() });
export type DocumentOption = z.infer<typeof documentOption>;
/** GET /api/document/actions: what can be asked of a document, and which files are accepted. */
export const documentActionsReply = z.object({ list: z.array(documentOption), accept_types: z.array(z.string()) });
export type DocumentActionsReply = z.infer<typeof documentActionsReply>;
/** GET /api/document/language: the output languages; `default` is Chinese. */
export const documentLanguagesReply = z.object({ list: z.array(documentOption), default: z.string() });
export type DocumentLanguagesReply = z.infer<typeof documentLanguagesReply>;

/** A document group (SPEC §3): token as uuid, title as input. */
export const documentGroup = z.object({
  token: z.string(),
  title: z.string(),
  created_at_text: z.string(),
  status: z.number(),
  name_status: z.number(),
  file_ext: z.string(),
  file_size: z.number(),
  pages: z.number().nullable(),
});
export type DocumentGroup = z.infer<typeof documentGroup>;
export const documentHistoriesReply = z.object({ list: z.array(documentGroup) });

/** Where an answer's text came from: a page (PDF) or a section heading, with the chunk's number. */
export const documentCitation = z.object({ n: z.number(), page: z.number().nullable(), section: z.string().nullable() });
export type DocumentCitation = z.infer<typeof documentCitation>;

export const documentMessage = z.object({
  id: z.number(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  action: z.string(),
  language: z.string(),
  status: z.enum(['complete', 'stopped', 'error']),
  error: z.string().nullable(),
  citations: z.array(documentCitation),
  created_at: z.string(),
});
export type DocumentMessage = z.infer<typeof documentMessage>;
export const documentHistoryReply = z.object({ document: documentGroup, list: z.array(documentMessage) });
export type DocumentHistoryReply = z.infer<typeof documentHistoryReply>;

const question = z.string().max(DOCUMENT_QUESTION_MAX, `问题不能超过${DOCUMENT_QUESTION_MAX}字`).default('');
const action = z.string({ error: '请选择操作' }).trim().min(1, '请选择操作').max(32, '操作无效');
const language = z.string().trim().max(32, '语言无效').optional();

/** POST /api/document/ask/validate (the prepare of SPEC §7.3): checks everything, returns the turn's secret. */
export const documentAskValidateBody = z.object({ token: documentToken, question, action, language });
export type DocumentAskValidateBody = z.infer<typeof documentAskValidateBody>;
export const documentAskValidateReply = z.object({ secret: z.string() });

/** POST /api/document/ask (streaming). The prepared turn decides; the other fields must match it. */
export const documentAskBody = z.object({
  secret: z.string({ error: 'secret 不能为空' }).min(16, 'secret 无效').max(128, 'secret 无效'),
  token: documentToken,
  question: question.optional(),
  action: action.optional(),
  language,
});
export type DocumentAskBody = z.infer<typeof documentAskBody>;

/** POST /api/document/stop: stops the live answer of a document (by its secret, or the document's token). */
export const documentStopBody = z
  .object({
    secret: z.string().min(16, 'secret 无效').max(128, 'secret 无效').optional(),
    token: documentToken.optional(),
  })
  .refine((b) => b.secret || b.token, { message: 'secret 不能为空', path: ['secret'] });
export type DocumentStopBody = z.infer<typeof documentStopBody>;

/** One `data:` line of POST /api/document/ask: like the chat stream, keyed by the document token. */
export const documentStreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  turnResumeEvent,
  z.object({
    type: z.literal('done'),
    token: z.string(),
    messageId: z.number(),
    userMessageId: z.number(),
    status: z.enum(['complete', 'stopped']),
    usage: chatUsage.nullable(),
    charged: z.number(),
    citations: z.array(documentCitation),
  }),
  z.object({ type: z.literal('error'), code: z.number(), message: z.string(), token: z.string(), messageId: z.number().nullable() }),
]);
export type DocumentStreamEvent = z.infer<typeof documentStreamEvent>;
