import type { FastifyInstance } from 'fastify';
import { SITE_NAME_DEFAULT } from '@app/shared';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import type { ConfigService } from '../config/public.ts';
import { setPageCsp } from '../../core/security-headers.ts';
import { ARTIFACT_FRAME_CSP, ARTIFACT_FRAME_HTML } from './artifact-frame.ts';
import { BARE_PAGE, withGoneHead, withShareHead } from './page.ts';
import type { ShareService } from './service.ts';

const VIEWS_PER_IP_PER_MINUTE = 120;

export function shareRoutes(app: FastifyInstance, ctx: AppContext, shares: ShareService, config: ConfigService, indexHtml: () => string | null) {
  const r = routes.share;

  route(app, r.create, async ({ actor, body }) => ok(await shares.create(actor, body), '分享链接已生成'));
  route(app, r.mine, async ({ actor }) => ok({ list: await shares.mine(actor) }));
  route(app, r.revoke, async ({ actor, body }) => {
    await shares.revoke(actor, body.id);
    return ok(null, '已撤销分享');
  });

  route(app, r.view, async ({ params, req }) => {
    await limitOrThrow(ctx.kv, `share-view:${req.ip}`, VIEWS_PER_IP_PER_MINUTE, 60);
    return ok(await shares.view(params.token, req.ip));
  });

  // The web app's page, with this share's title and description in its head for link previews.
  route(app, r.page, async ({ params, reply }) => {
    const html = indexHtml() ?? BARE_PAGE;
    const siteName = (await config.globalConfig()).list.siteName || SITE_NAME_DEFAULT;
    const meta = await shares.meta(params.token);
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (!meta) return reply.status(404).send(withGoneHead(html, siteName));
    return reply.send(withShareHead(html, { ...meta, url: `${ctx.config.publicUrl}/s/${params.token}`, siteName }));
  });

  route(app, r.artifactFrame, async ({ reply }) => {
    reply.raw.setHeader('X-Frame-Options', 'SAMEORIGIN');
    return setPageCsp(reply, ARTIFACT_FRAME_CSP).header('Cache-Control', 'public, max-age=3600').type('text/html; charset=utf-8').send(ARTIFACT_FRAME_HTML);
  });
}
