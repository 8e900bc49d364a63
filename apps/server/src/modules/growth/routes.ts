import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { randomToken } from '../../core/ids.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { behaviorEvents, clients, visits } from '../../db/schema/index.ts';
import type { ConfigService } from '../config/public.ts';
import { InviteService } from './invites.ts';
import { SignInService } from './sign-in.ts';

const clientCodeOf = (req: FastifyRequest) => {
  const v = req.headers['x-client-code'];
  return typeof v === 'string' && v.length <= 64 ? v : null;
};
const ua = (req: FastifyRequest) => (req.headers['user-agent'] ?? '').slice(0, 500);

/** Visit tracking, client codes and behaviour events (write-only, public, rate-limited per IP); daily sign-in; the referral plan. */
export function growthRoutes(app: FastifyInstance, ctx: AppContext, config: ConfigService) {
  const signIn = new SignInService(ctx, config);
  route(app, routes.growth.signIn, async ({ actor }) => ok(await signIn.sign(actor.id), '签到成功！'));
  route(app, routes.growth.signInLog, async ({ actor, query }) => ok(await signIn.log(actor.id, query.month)));
  const invites = new InviteService(ctx, config);
  route(app, routes.growth.inviteCode, async ({ actor }) => ok(await invites.code(actor.id)));
  route(app, routes.growth.inviteRecord, async ({ actor, query }) => ok(await invites.record(actor.id, query.page, query.size)));

  route(app, routes.growth.clientCreate, async ({ req, body }) => {
    await limitOrThrow(ctx.kv, `client-create:${req.ip}`, ctx.config.env.CLIENT_CODES_PER_IP_PER_HOUR, 3600);
    const code = randomToken(12);
    await ctx.db.insert(clients).values({ code, fingerprint: body.fingerprint, ip: req.ip, userAgent: ua(req) });
    return ok({ client_code: code });
  });

  route(app, routes.growth.collectWeb, async ({ req, body, actor: user }) => {
    await limitOrThrow(ctx.kv, `collect:${req.ip}`, 300, 3600);
    await ctx.db.insert(visits).values({
      clientCode: clientCodeOf(req),
      userId: user?.id,
      bdVid: body.bd_vid,
      promoteAccountId: body.promote_account_id,
      url: body.url,
      referrer: body.referrer,
      ip: req.ip,
      userAgent: ua(req),
    });
    return ok(null);
  });

  route(app, routes.growth.behavior, async ({ req, body: event, actor: user }) => {
    await limitOrThrow(ctx.kv, `behavior:${req.ip}`, 600, 600);
    await ctx.db.insert(behaviorEvents).values({
      userId: user?.id,
      clientCode: clientCodeOf(req) ?? event.client_code ?? null,
      type: event.type,
      code: event.code,
      name: event.name,
      payload: event,
      ip: req.ip,
    });
    return ok(null);
  });
}
