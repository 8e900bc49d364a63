import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { drawContentOf } from '../draw/public.ts';
import { createPackage, deletePackage, listCatalogue, updatePackage } from './catalogue.ts';
import { createDrawExample, deleteDrawExample, gallery, hideGalleryImage, listDrawExamples, listDrawTypes, updateDrawExample, updateDrawType } from './draw-content.ts';
import type { Actor } from './users.ts';

/** The console's catalogue (packages) and drawing content (types, examples, gallery moderation). */
export async function catalogueRoutes(app: FastifyInstance, ctx: AppContext, actor: (input: { actor: { id: number }; req: { ip: string } }) => Actor) {
  const r = routes.admin;

  // Another instance's edit of drawing types or examples drops this instance's cached copy.
  const unlisten = await drawContentOf(ctx).listen();
  app.addHook('preClose', async () => {
    await unlisten().catch(() => {});
  });

  route(app, r.packages, async () => ok({ rows: await listCatalogue(ctx.db) }));
  route(app, r.packageCreate, async (i) => ok(await createPackage(ctx, actor(i), i.body)));
  route(app, r.packageUpdate, async (i) => ok(await updatePackage(ctx, actor(i), i.params.id, i.body)));
  route(app, r.packageDelete, async (i) => {
    await deletePackage(ctx, actor(i), i.params.id);
    return ok({ ok: true as const });
  });

  route(app, r.drawTypes, async () => ok({ rows: await listDrawTypes(ctx.db) }));
  route(app, r.drawTypeUpdate, async (i) => ok(await updateDrawType(ctx, actor(i), i.params.code, i.body)));
  route(app, r.drawExamples, async () => ok({ rows: await listDrawExamples(ctx.db) }));
  route(app, r.drawExampleCreate, async (i) => ok(await createDrawExample(ctx, actor(i), i.body)));
  route(app, r.drawExampleUpdate, async (i) => ok(await updateDrawExample(ctx, actor(i), i.params.id, i.body)));
  route(app, r.drawExampleDelete, async (i) => {
    await deleteDrawExample(ctx, actor(i), i.params.id);
    return ok({ ok: true as const });
  });
  route(app, r.gallery, async ({ query }) => ok(await gallery(ctx.db, query)));
  route(app, r.galleryHide, async (i) => ok(await hideGalleryImage(ctx, actor(i), i.params.id, i.body.hidden, i.body.reason)));
}
