import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  Code,
  CUSTOM_APP_LIMITS,
  type AppCard,
  type AppCategory,
  type AppCollectReply,
  type AppKind,
  type AppStoreQuery,
  type AppStoreReply,
  type CustomAppBody,
  type ExpertDetail,
  type ExpertMenuItem,
  type TemplateInfo,
  type TemplateMenuItem,
} from '@app/shared';
import type { AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { appCategories, appCollects, apps } from '../../db/schema/index.ts';
import { requireApp, type AppRow } from './access.ts';
import { checkAccess } from '../../core/access.ts';

/** The template menu's extra item for a user's own apps. */
export const MY_APPS_MENU = { id: 0, name: '我的应用', icon: 'user-pen' } as const;
export const CUSTOM_APP_ICON = 'sparkles';

const CATALOGUE = and(eq(apps.status, 1), isNull(apps.ownerId))!;
const KIND_ORDER = sql`case ${apps.kind} when 'template' then 0 else 1 end`;

type CardRow = Pick<AppRow, 'id' | 'kind' | 'title' | 'description' | 'icon' | 'categoryId' | 'collectCount' | 'ownerId'> & {
  category: string | null;
  collected: boolean;
};

const cardColumns = {
  id: apps.id,
  kind: apps.kind,
  title: apps.title,
  description: apps.description,
  icon: apps.icon,
  categoryId: apps.categoryId,
  collectCount: apps.collectCount,
  ownerId: apps.ownerId,
  category: appCategories.name,
};

function cardView(r: CardRow, callerId: number | null): AppCard {
  return {
    id: r.id,
    kind: r.kind === 'expert' ? 'expert' : 'template',
    title: r.title,
    description: r.description,
    icon: r.icon,
    category_id: r.categoryId,
    category: r.category ?? '',
    collected: !!r.collected,
    collect_count: r.collectCount,
    custom: callerId !== null && r.ownerId === callerId,
  };
}

/** `%` and `_` typed by a user are matched literally. */
const likeArg = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Template apps, experts, the store and a user's own apps. Every id goes through `requireApp`. */
export class AppsService {
  constructor(private ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  private async categoriesOf(kind: AppKind) {
    return this.db
      .select()
      .from(appCategories)
      .where(eq(appCategories.kind, kind))
      .orderBy(asc(appCategories.sort), asc(appCategories.id));
  }

  private async briefsOf(kind: AppKind, where: SQL = CATALOGUE) {
    return this.db
      .select({ id: apps.id, title: apps.title, description: apps.description, icon: apps.icon, categoryId: apps.categoryId })
      .from(apps)
      .where(and(eq(apps.kind, kind), where))
      .orderBy(asc(apps.sort), asc(apps.id));
  }

  /** GET /api/template/list: categories with their templates; a user's own apps last, as 我的应用. */
  async templateMenu(caller: AuthUser | null): Promise<TemplateMenuItem[]> {
    const [cats, rows, mine] = await Promise.all([
      this.categoriesOf('template'),
      this.briefsOf('template'),
      caller ? this.briefsOf('template', and(eq(apps.status, 1), eq(apps.ownerId, caller.id))) : Promise.resolve([]),
    ]);
    const brief = ({ id, title, description, icon }: (typeof rows)[number]) => ({ id, title, description, icon });
    const menu: TemplateMenuItem[] = cats
      .map((c) => ({ id: c.id, name: c.name, icon: c.icon, templates: rows.filter((r) => r.categoryId === c.id).map(brief) }))
      .filter((m) => m.templates.length > 0);
    if (mine.length) menu.push({ ...MY_APPS_MENU, templates: mine.map(brief) });
    return menu;
  }

  /** GET /api/app/list: categories with their experts. */
  async expertMenu(): Promise<ExpertMenuItem[]> {
    const [cats, rows] = await Promise.all([this.categoriesOf('expert'), this.briefsOf('expert')]);
    return cats
      .map((c) => ({
        id: c.id,
        name: c.name,
        icon: c.icon,
        identities: rows.filter((r) => r.categoryId === c.id).map(({ id, title, description, icon }) => ({ id, title, description, icon })),
      }))
      .filter((m) => m.identities.length > 0);
  }

  /** GET /api/template/info/{id}: the form, never the prompt. */
  async templateInfo(caller: AuthUser | null, id: number): Promise<TemplateInfo> {
    const a = await requireApp(this.db, caller?.id ?? null, id, 'template');
    return {
      id: a.id,
      title: a.title,
      description: a.description,
      icon: a.icon,
      questions: a.questions,
      template_variable: a.variables,
      custom: a.ownerId !== null,
    };
  }

  /** GET /api/app/detail/{id}: the expert's description and example questions, never the system prompt. */
  async expertDetail(caller: AuthUser | null, id: number): Promise<ExpertDetail> {
    const a = await requireApp(this.db, caller?.id ?? null, id, 'expert');
    return {
      id: a.id,
      title: a.title,
      description: a.description,
      icon: a.icon,
      identity_description: a.identityDescription,
      identity_questions: a.questions,
    };
  }

  /** GET /api/app/category: the categories (templates first) with how many live apps each holds. */
  async categories(kind?: AppKind): Promise<AppCategory[]> {
    const rows = await this.db
      .select({
        id: appCategories.id,
        name: appCategories.name,
        icon: appCategories.icon,
        kind: appCategories.kind,
        count: sql<number>`count(${apps.id})::int`,
      })
      .from(appCategories)
      .leftJoin(apps, and(eq(apps.categoryId, appCategories.id), eq(apps.kind, appCategories.kind), CATALOGUE))
      .where(kind ? eq(appCategories.kind, kind) : undefined)
      .groupBy(appCategories.id)
      .orderBy(sql`case ${appCategories.kind} when 'template' then 0 else 1 end`, asc(appCategories.sort), asc(appCategories.id));
    return rows.map((r) => ({ ...r, kind: r.kind === 'expert' ? 'expert' : 'template', count: Number(r.count) }));
  }

  private collectedBy(callerId: number | null) {
    return callerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${appCollects} where ${appCollects.appId} = ${apps.id} and ${appCollects.userId} = ${callerId})`;
  }

  /** GET /api/app/store: the catalogue by kind, category and keyword, in catalogue order, paginated. */
  async store(caller: AuthUser | null, q: AppStoreQuery): Promise<AppStoreReply> {
    const callerId = caller?.id ?? null;
    const conds: SQL[] = [CATALOGUE];
    if (q.kind) conds.push(eq(apps.kind, q.kind));
    if (q.category) conds.push(eq(apps.categoryId, q.category));
    if (q.keyword) {
      const like = likeArg(q.keyword);
      conds.push(or(ilike(apps.title, like), ilike(apps.description, like), ilike(appCategories.name, like))!);
    }
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ ...cardColumns, collected: this.collectedBy(callerId) })
        .from(apps)
        .leftJoin(appCategories, eq(appCategories.id, apps.categoryId))
        .where(where)
        .orderBy(KIND_ORDER, asc(sql`coalesce(${appCategories.sort}, 0)`), asc(apps.sort), asc(apps.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
      this.db
        .select({ n: count() })
        .from(apps)
        .leftJoin(appCategories, eq(appCategories.id, apps.categoryId))
        .where(where),
    ]);
    return { list: rows.map((r) => cardView(r, callerId)), meta: { page: q.page, size: q.size, total: Number(total?.n ?? 0) } };
  }

  /** GET /app/mineApps: my own apps and the catalogue apps I collected, most recent first, each once. */
  async mineApps(caller: AuthUser): Promise<AppCard[]> {
    const rows = await this.db
      .select({ ...cardColumns, collected: sql<boolean>`${appCollects.userId} is not null` })
      .from(apps)
      .leftJoin(appCategories, eq(appCategories.id, apps.categoryId))
      .leftJoin(appCollects, forUser(this.db, caller.id).appCollects.scope(eq(appCollects.appId, apps.id)))
      .where(and(eq(apps.status, 1), or(eq(apps.ownerId, caller.id), and(isNull(apps.ownerId), sql`${appCollects.userId} is not null`))))
      .orderBy(desc(sql`coalesce(${appCollects.createdAt}, ${apps.createdAt})`), desc(apps.id));
    return rows.map((r) => cardView(r, caller.id));
  }

  /**
   * POST /app/collect: flips the caller's collect of an app. The caller's toggles run one at a
   * time (their user row is locked), and each moves collect_count only when a collect row was
   * really inserted or deleted, so the count stays equal to the rows however many arrive at once.
   */
  async toggleCollect(caller: AuthUser, appId: number): Promise<AppCollectReply> {
    await requireApp(this.db, caller.id, appId);
    const now = new Date(this.ctx.clock.now()).toISOString();
    return this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await tx.execute(sql`select id from users where id = ${caller.id} for update`);
      const removed = await this.uncollect(caller.id, appId, tx);
      if (removed !== null) return { collected: false, collect_count: removed };
      const added = rowsOf<{ collect_count: number }>(
        await tx.execute(sql`
          with ins as (
            insert into app_collects (user_id, app_id, created_at) values (${caller.id}, ${appId}, ${now}::timestamptz)
            on conflict do nothing returning app_id
          )
          update apps set collect_count = collect_count + 1 where id in (select app_id from ins) returning collect_count`),
      );
      if (!added.length) throw notFound(); // the app was deleted meanwhile
      return { collected: true, collect_count: Number(added[0]!.collect_count) };
    });
  }

  /** Deletes the caller's collect of an app; the new count, or null when there was none. */
  private async uncollect(userId: number, appId: number, db: Db = this.db): Promise<number | null> {
    const rows = rowsOf<{ collect_count: number }>(
      await db.execute(sql`
        with del as (delete from app_collects where user_id = ${userId} and app_id = ${appId} returning app_id)
        update apps set collect_count = greatest(collect_count - 1, 0) where id in (select app_id from del) returning collect_count`),
    );
    return rows.length ? Number(rows[0]!.collect_count) : null;
  }

  /** POST /app/customApp: a user's own template app; at most CUSTOM_APP_LIMITS.perUser each. */
  async createCustomApp(caller: AuthUser, body: CustomAppBody): Promise<AppCard> {
    const now = new Date(this.ctx.clock.now());
    const row = await this.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // One creation at a time per user, so the limit holds under concurrent requests.
      await tx.execute(sql`select id from users where id = ${caller.id} for update`);
      const [mine] = await tx.select({ n: count() }).from(apps).where(eq(apps.ownerId, caller.id));
      if (Number(mine?.n ?? 0) >= CUSTOM_APP_LIMITS.perUser) {
        throw new AppError(Code.BAD_REQUEST, `最多创建${CUSTOM_APP_LIMITS.perUser}个应用，请先删除不再使用的应用`, 400, { field: 'title' });
      }
      const [created] = await tx
        .insert(apps)
        .values({
          kind: 'template',
          title: body.title,
          description: body.description,
          icon: CUSTOM_APP_ICON,
          prompt: body.prompt,
          variables: body.variables,
          questions: [],
          ownerId: caller.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return created!;
    });
    return cardView({ ...row, category: null, collected: false }, caller.id);
  }

  /** POST /app/delMineApp: deletes my own app, or uncollects a catalogue app. */
  async deleteMineApp(caller: AuthUser, appId: number): Promise<'custom' | 'collect'> {
    const app = await requireApp(this.db, caller.id, appId);
    if ((await checkAccess(this.db, caller, 'myApp.delete', [app.id])).has(app.id)) {
      const gone = await this.db
        .delete(apps)
        .where(and(eq(apps.id, app.id), eq(apps.ownerId, caller.id)))
        .returning({ id: apps.id });
      if (!gone.length) throw notFound();
      return 'custom';
    }
    if ((await this.uncollect(caller.id, app.id)) === null) throw notFound('该应用不在我的应用中');
    return 'collect';
  }
}
