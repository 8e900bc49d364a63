import type { FastifyInstance } from 'fastify';
import { routes } from '@app/shared/routes';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import type { ToolsService } from './service.ts';

/** The console's MCP tools (admin only; every change audited). */
export function toolRoutes(app: FastifyInstance, tools: ToolsService) {
  const r = routes.admin;
  const actor = (i: { actor: { id: number }; req: { ip: string } }) => ({ adminId: i.actor.id, ip: i.req.ip || null });
  route(app, r.tools, async () => ok(await tools.adminView(true)));
  route(app, r.toolSetting, async (i) => ok(await tools.saveSetting(actor(i), i.params.server, i.params.tool, i.body), '已保存'));
  route(app, r.toolServerSave, async (i) => ok(await tools.saveServer(actor(i), i.body), '已保存'));
  route(app, r.toolServerDelete, async (i) => ok(await tools.deleteServer(actor(i), i.params.name), '已移除'));
  route(app, r.toolModels, async (i) => ok(await tools.saveModels(actor(i), i.body.modelIds), '已保存'));
}
