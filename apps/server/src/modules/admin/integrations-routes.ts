import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import type { ConfigService } from '../config/public.ts';
import { integrationsView, saveIntegration } from './integrations.ts';
import { testIntegration } from './integrations-test.ts';
import { announceSetupLink, createFirstAdmin, setupStatus } from './setup.ts';
import type { Actor } from './users.ts';

/** The integrations page and the one-time setup link (admin/integrations*.ts, admin/setup.ts). */
export async function integrationRoutes(app: FastifyInstance, ctx: AppContext, config: ConfigService) {
  const r = routes.admin;
  const actor = (input: { actor: { id: number }; req: { ip: string } }): Actor => ({ adminId: input.actor.id, ip: input.req.ip || null });

  // Another instance's change rebuilds this instance's providers; then the cached site replies (demo flags, pay ways) go.
  ctx.integrations.onChange(() => config.drop());
  const unlisten = await ctx.integrations.listen();
  app.addHook('preClose', async () => {
    await unlisten().catch(() => {});
  });

  route(app, r.integrations, async () => ok(integrationsView(ctx)));
  route(app, r.integrationSave, async (i) => ok(await saveIntegration(ctx, actor(i), i.params.group, i.body), '已保存并生效'));
  route(app, r.integrationTest, async (i) => ok(await testIntegration(ctx, actor(i), i.params.group, i.body.phone)));

  route(app, r.setupStatus, async ({ query }) => ok(await setupStatus(ctx, query.token)));
  route(app, r.setupAdmin, async ({ req, body }) => ok(await createFirstAdmin(ctx, body, req.ip), '管理员已创建'));
  await announceSetupLink(ctx);
}
