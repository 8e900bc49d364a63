import { z } from 'zod';
import { appKind, templateVariable } from './apps.ts';
import { adminPage } from './admin.ts';
import { dbId, safeText } from './common.ts';

/** The admin console's content section (issue 18): template apps and experts, their categories, document actions, the moderation word list. */

const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, `请填写${label}`)
    .max(max, `${label}最多 ${max} 字`)
    .pipe(safeText());
const sort = z.coerce.number({ error: '排序须为整数' }).int('排序须为整数').min(-100000, '排序无效').max(100000, '排序无效');
/** A lucide icon name of the catalogue (kebab-case), or blank for the default. */
const icon = z
  .string()
  .trim()
  .max(40, '图标名称最多 40 个字符')
  .regex(/^[a-z0-9-]*$/, '图标名称只能含小写字母、数字和短横线');

// ---- apps and experts

export const adminAppQuery = adminPage.extend({
  kind: z.preprocess((v) => (v === '' ? undefined : v), appKind.optional()),
  category: z.preprocess((v) => (v === '' ? undefined : v), dbId('分类').optional()),
  q: z.string().trim().max(64, '搜索内容最多 64 字').pipe(safeText()).optional(),
});

export const adminApp = z.object({
  id: z.number(),
  kind: appKind,
  key: z.string().nullable(),
  categoryId: z.number().nullable(),
  category: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  /** A template's prompt (with {{variables}}) or an expert's system prompt. */
  prompt: z.string(),
  /** An expert's introduction shown above the chat. */
  identityDescription: z.string(),
  variables: z.record(z.string(), templateVariable),
  /** Example questions (experts) or suggested inputs (templates). */
  questions: z.array(z.string()),
  sort: z.number(),
  enabled: z.boolean(),
  collectCount: z.number(),
  /** Conversations users had with it (deleted ones included). */
  chatCount: z.number(),
  updatedAt: z.string(),
});
export type AdminApp = z.infer<typeof adminApp>;
export const adminAppListReply = z.object({ rows: z.array(adminApp), total: z.number() });

const appFields = {
  categoryId: dbId('分类').nullable(),
  title: text('名称', 30),
  description: z.string().trim().max(200, '简介最多 200 字').pipe(safeText()).default(''),
  icon: icon.default(''),
  prompt: text('提示词', 8000),
  identityDescription: z.string().trim().max(1000, '专家介绍最多 1000 字').pipe(safeText()).default(''),
  /** Checked with the template form rules (checkCustomApp) on the server, against the prompt's {{keys}}. */
  variables: z.record(z.string(), z.unknown(), { error: '变量格式不正确' }).default({}),
  questions: z
    .array(z.string().trim().min(1, '示例问题不能为空').max(200, '示例问题最多 200 字').pipe(safeText()), { error: '示例问题格式不正确' })
    .max(10, '示例问题最多 10 个')
    .default([]),
  sort: sort.default(0),
  enabled: z.boolean({ error: '启用状态无效' }).default(true),
};
export const adminAppCreate = z.object({ kind: appKind, ...appFields });
export type AdminAppCreate = z.output<typeof adminAppCreate>;
/** Any of the fields; the kind never changes (conversations keep their type). */
export const adminAppPatch = z
  .object({
    categoryId: appFields.categoryId.optional(),
    title: appFields.title.optional(),
    description: z.string().trim().max(200, '简介最多 200 字').pipe(safeText()).optional(),
    icon: icon.optional(),
    prompt: appFields.prompt.optional(),
    identityDescription: z.string().trim().max(1000, '专家介绍最多 1000 字').pipe(safeText()).optional(),
    variables: z.record(z.string(), z.unknown(), { error: '变量格式不正确' }).optional(),
    questions: appFields.questions.unwrap().optional(),
    sort: sort.optional(),
    enabled: z.boolean({ error: '启用状态无效' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '没有要修改的内容' });
export type AdminAppPatch = z.output<typeof adminAppPatch>;
export const adminIdParams = z.object({ id: dbId('id') });

// ---- categories

export const adminCategory = z.object({ id: z.number(), name: z.string(), icon: z.string(), kind: appKind, sort: z.number(), apps: z.number() });
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoryListReply = z.object({ rows: z.array(adminCategory) });
export const adminCategoryCreate = z.object({ kind: appKind, name: text('分类名称', 20), icon: icon.default(''), sort: sort.default(0) });
export const adminCategoryPatch = z
  .object({ name: text('分类名称', 20).optional(), icon: icon.optional(), sort: sort.optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '没有要修改的内容' });

// ---- document actions

export const DOCUMENT_ACTION_READS = ['search', 'whole'] as const;
export const adminDocumentAction = z.object({
  value: z.string(),
  label: z.string(),
  reads: z.enum(DOCUMENT_ACTION_READS),
  needsQuestion: z.boolean(),
  instruction: z.string(),
  sort: z.number(),
  enabled: z.boolean(),
});
export type AdminDocumentAction = z.infer<typeof adminDocumentAction>;
export const adminDocumentActionListReply = z.object({ rows: z.array(adminDocumentAction) });
const actionFields = {
  label: text('名称', 20),
  reads: z.enum(DOCUMENT_ACTION_READS, { error: '请选择读取方式' }),
  needsQuestion: z.boolean({ error: '是否需要问题无效' }),
  instruction: text('指令', 2000),
  sort,
  enabled: z.boolean({ error: '启用状态无效' }),
};
export const adminDocumentActionCreate = z.object({
  value: z
    .string({ error: '请填写标识' })
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,31}$/, '标识以小写字母开头，只含小写字母、数字和下划线（2–32 位）'),
  ...actionFields,
  sort: sort.default(0),
  enabled: actionFields.enabled.default(true),
});
export const adminDocumentActionPatch = z
  .object({
    label: actionFields.label.optional(),
    reads: actionFields.reads.optional(),
    needsQuestion: actionFields.needsQuestion.optional(),
    instruction: actionFields.instruction.optional(),
    sort: sort.optional(),
    enabled: actionFields.enabled.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: '没有要修改的内容' });
export const adminDocumentActionParams = z.object({ value: z.string().trim().regex(/^[a-z][a-z0-9_]{1,31}$/, '操作不存在') });

// ---- moderation words

export const MODERATION_WORD_MAX = 50;
export const MODERATION_IMPORT_MAX = 10000;
export const adminWordQuery = adminPage.extend({ q: z.string().trim().max(50, '搜索内容最多 50 字').pipe(safeText()).optional() });
export const adminWord = z.object({ id: z.number(), word: z.string(), createdAt: z.string() });
export const adminWordListReply = z.object({ rows: z.array(adminWord), total: z.number() });
/** One word or phrase a line (a single word is a one-line import). Blank lines are skipped. */
export const adminWordImport = z.object({
  text: z
    .string({ error: '请输入违规词' })
    .max(MODERATION_IMPORT_MAX * (MODERATION_WORD_MAX + 2), '内容过长')
    .pipe(safeText())
    .refine((s) => s.trim().length > 0, '请输入违规词'),
});
export const adminWordImportReply = z.object({
  added: z.number(),
  /** Already in the list (after normalising). */
  existing: z.number(),
  total: z.number(),
});
export const adminWordDelete = z.object({
  ids: z.array(dbId('id'), { error: '请选择要删除的词' }).min(1, '请选择要删除的词').max(1000, '一次最多删除 1000 个'),
});
export const adminWordDeleteReply = z.object({ removed: z.number(), total: z.number() });
