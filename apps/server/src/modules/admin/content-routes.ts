import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { createDocumentAction, listDocumentActions, updateDocumentAction } from './content-actions.ts';
import { createApp, deleteApp, listApps, updateApp } from './content-apps.ts';
import { createCategory, deleteCategory, listCategories, updateCategory } from './content-categories.ts';
import { deleteWords, importWords, listWords } from './content-words.ts';
import type { Actor } from './users.ts';

/** The console's content section: template apps and experts, their categories, document actions, the moderation word list. */
export function contentRoutes(app: FastifyInstance, ctx: AppContext, actor: (input: { actor: { id: number }; req: { ip: string } }) => Actor) {
  const r = routes.admin;
  route(app, r.contentApps, async ({ query }) => ok(await listApps(ctx.db, { ...query, q: query.q || undefined })));
  route(app, r.contentAppCreate, async (i) => ok(await createApp(ctx, actor(i), i.body), '已创建'));
  route(app, r.contentAppUpdate, async (i) => ok(await updateApp(ctx, actor(i), i.params.id, i.body), '已保存'));
  route(app, r.contentAppDelete, async (i) => ok(await deleteApp(ctx, actor(i), i.params.id), '已删除'));

  route(app, r.contentCategories, async () => ok({ rows: await listCategories(ctx.db) }));
  route(app, r.contentCategoryCreate, async (i) => ok(await createCategory(ctx, actor(i), i.body), '已创建'));
  route(app, r.contentCategoryUpdate, async (i) => ok(await updateCategory(ctx, actor(i), i.params.id, i.body), '已保存'));
  route(app, r.contentCategoryDelete, async (i) => ok(await deleteCategory(ctx, actor(i), i.params.id), '已删除'));

  route(app, r.contentDocActions, async () => ok({ rows: await listDocumentActions(ctx.db) }));
  route(app, r.contentDocActionCreate, async (i) => ok(await createDocumentAction(ctx, actor(i), i.body), '已创建'));
  route(app, r.contentDocActionUpdate, async (i) => ok(await updateDocumentAction(ctx, actor(i), i.params.value, i.body), '已保存'));

  route(app, r.contentWords, async ({ query }) => ok(await listWords(ctx.db, { ...query, q: query.q || undefined })));
  route(app, r.contentWordImport, async (i) => ok(await importWords(ctx, actor(i), i.body.text)));
  route(app, r.contentWordDelete, async (i) => ok(await deleteWords(ctx, actor(i), i.body.ids)));
}
