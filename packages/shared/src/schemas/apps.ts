import { z } from 'zod';
import { checkCustomApp, CUSTOM_APP_LIMITS, FORM_TYPES, type TemplateVariables } from '../template-form.ts';
import { optionalText } from './common.ts';

export * from '../template-form.ts';

/** Largest id a PostgreSQL integer column holds; anything above is simply not found. */
const INT_MAX = 2_147_483_647;

/** An app id from a path, a query or a body: a positive integer (number or numeric string). */
export const appId = (label = 'id') =>
  z.coerce.number({ error: `${label} 无效` }).int(`${label} 无效`).positive(`${label} 无效`).max(INT_MAX, `${label} 无效`);

export const appIdParam = z.object({ id: appId('id') });

export const appKind = z.enum(['template', 'expert']);
export type AppKind = z.infer<typeof appKind>;

export const templateVariable = z.object({
  name: z.string(),
  form_type: z.enum(FORM_TYPES),
  placeholder: z.string(),
  tip: z.string(),
  require: z.boolean(),
  limit_min: z.number().optional(),
  select_values: z.array(z.string()).optional(),
});

// ───────────────────────── menus and details (template chat, expert chat) ─────────────────────────

export const templateBrief = z.object({ id: z.number(), title: z.string(), description: z.string(), icon: z.string() });
export type TemplateBrief = z.infer<typeof templateBrief>;

/**
 * GET /api/template/list → data.list: the template menu (SPEC §3 menu items). A logged-in user
 * with apps of their own gets one more item at the end, id 0, named 我的应用.
 */
export const templateMenuItem = z.object({ id: z.number(), name: z.string(), icon: z.string(), templates: z.array(templateBrief) });
export type TemplateMenuItem = z.infer<typeof templateMenuItem>;
export const templateMenuReply = z.object({ list: z.array(templateMenuItem) });

/** GET /api/template/info/{id}: what the variable form needs; never the prompt. */
export const templateInfo = templateBrief.extend({
  questions: z.array(z.string()),
  template_variable: z.record(z.string(), templateVariable),
  /** A user's own app (only its owner can read it). */
  custom: z.boolean(),
});
export type TemplateInfo = Omit<z.infer<typeof templateInfo>, 'template_variable'> & { template_variable: TemplateVariables };

export const expertBrief = z.object({ id: z.number(), title: z.string(), description: z.string(), icon: z.string() });
export type ExpertBrief = z.infer<typeof expertBrief>;

/** GET /api/app/list → data.list: the expert menu. */
export const expertMenuItem = z.object({ id: z.number(), name: z.string(), icon: z.string(), identities: z.array(expertBrief) });
export type ExpertMenuItem = z.infer<typeof expertMenuItem>;
export const expertMenuReply = z.object({ list: z.array(expertMenuItem) });

/** GET /api/app/detail/{id}: the expert's description and example questions; never the system prompt. */
export const expertDetail = expertBrief.extend({
  identity_description: z.string(),
  identity_questions: z.array(z.string()),
});
export type ExpertDetail = z.infer<typeof expertDetail>;

// ───────────────────────── the app store ─────────────────────────

/** GET /api/app/category → data.list: categories with how many apps each holds. */
export const appCategoryQuery = z.object({ kind: z.preprocess((v) => (v === '' ? undefined : v), appKind.optional()) });
export const appCategory = z.object({ id: z.number(), name: z.string(), icon: z.string(), kind: appKind, count: z.number() });
export type AppCategory = z.infer<typeof appCategory>;
export const appCategoryReply = z.object({ list: z.array(appCategory) });

/** A card of the store or of "my apps". */
export const appCard = z.object({
  id: z.number(),
  kind: appKind,
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  category_id: z.number().nullable(),
  /** The category name ('' for a user's own app). */
  category: z.string(),
  /** Collected by the caller (false for a visitor). */
  collected: z.boolean(),
  collect_count: z.number(),
  /** The caller's own app. */
  custom: z.boolean(),
});
export type AppCard = z.infer<typeof appCard>;

export const APP_STORE_PAGE_SIZE = 24;

/** GET /api/app/store: the catalogue, filtered; `category` is a category id. */
export const appStoreQuery = z.object({
  category: z.preprocess((v) => (v === '' || v === '0' || v === 0 ? undefined : v), appId('category').optional()),
  keyword: optionalText(50),
  kind: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), appKind.optional()),
  page: z.coerce.number({ error: 'page 无效' }).int('page 无效').min(1, 'page 无效').max(10_000, 'page 无效').default(1),
  size: z.coerce.number({ error: 'size 无效' }).int('size 无效').min(1, 'size 无效').max(100, 'size 无效').default(APP_STORE_PAGE_SIZE),
});
export type AppStoreQuery = z.infer<typeof appStoreQuery>;
export const appStoreReply = z.object({
  list: z.array(appCard),
  meta: z.object({ page: z.number(), size: z.number(), total: z.number() }),
});
export type AppStoreReply = z.infer<typeof appStoreReply>;

/** GET /app/mineApps → data.rows: my own apps and the apps I collected, newest first. */
export const mineAppsReply = z.object({ rows: z.array(appCard) });
export type MineAppsReply = z.infer<typeof mineAppsReply>;

/** POST /app/collect: toggles; answers the new state. */
export const appCollectBody = z.object({ appId: appId('appId') });
export type AppCollectBody = z.infer<typeof appCollectBody>;
export const appCollectReply = z.object({ collected: z.boolean(), collect_count: z.number() });
export type AppCollectReply = z.infer<typeof appCollectReply>;

/** POST /app/delMineApp: deletes my own app, or uncollects a collected one. */
export const appDelMineBody = z.object({ appId: appId('appId') });
export type AppDelMineBody = z.infer<typeof appDelMineBody>;
export const appDelMineReply = z.object({ removed: z.enum(['custom', 'collect']) });
export type AppDelMineReply = z.infer<typeof appDelMineReply>;

/**
 * POST /app/customApp: a user's own template app, checked as the catalogue's templates are
 * (see checkCustomApp). The first problem becomes the 400's message; `data.field` names it.
 */
export const customAppBody = z
  .object({
    title: z.string({ error: '请输入应用名称' }).max(CUSTOM_APP_LIMITS.title * 4, `应用名称最多${CUSTOM_APP_LIMITS.title}个字`),
    description: z.string().max(CUSTOM_APP_LIMITS.description * 4, `应用简介最多${CUSTOM_APP_LIMITS.description}个字`).default(''),
    prompt: z.string({ error: '请输入提示词' }).max(CUSTOM_APP_LIMITS.prompt * 4, `提示词最多${CUSTOM_APP_LIMITS.prompt}个字`),
    variables: z.record(z.string(), z.unknown(), { error: '变量格式不正确' }).default({}),
  })
  .transform((b, ctx) => {
    const { issues, variables } = checkCustomApp(b);
    for (const i of issues) ctx.addIssue({ code: 'custom', path: i.path.split('.'), message: i.message });
    if (issues.length) return z.NEVER;
    return { title: b.title.trim(), description: b.description.trim(), prompt: b.prompt.trim(), variables };
  });
export type CustomAppBody = z.output<typeof customAppBody>;
export type CustomAppInputBody = z.input<typeof customAppBody>;
