import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, PAY_RESULT_PAID, type OrderBuyReply, type PayQrcodeReply, type PayResultReply } from '@app/shared';
import { PAY_NOTIFY_PROVIDERS, routes, type RouteDef } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { fail, ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { type NotificationRequest, type PayMode, type PayProviderName } from '../../providers/pay/index.ts';
import type { ConfigService } from '../config/public.ts';
import { PayGateways } from './gateways.ts';
import { handleNotification } from './notifications.ts';
import { OrderService, type CreatedOrder } from './orders.ts';
import { activityPackage, listPackages, packageView, yuan } from './packages.ts';
import { clientCodeOf, payerOf } from './payer.ts';
import { returnPath, returnPathOrDefault, withTradeStatus } from './return-url.ts';
import { settleOnReturn } from './return-check.ts';
import { SandboxCheckoutService, type CheckoutAnswer } from './sandbox-checkout.ts';
import { resultPage } from './sandbox-page.ts';

/** How often unpaid orders past their time are marked expired. */
const EXPIRE_SWEEP_MS = 60_000;

/** The notification route of each gateway (易支付-style gateways notify with GET too). */
const NOTIFY: Record<PayProviderName, RouteDef> = {
  wechat: routes.billing.notifyWechat,
  alipay: routes.billing.notifyAlipay,
  epay: routes.billing.notifyEpay,
  mpay: routes.billing.notifyMpay,
  hupi: routes.billing.notifyHupi,
  sandbox: routes.billing.notifySandbox,
};
const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};
const isWechatUa = (req: FastifyRequest) => /MicroMessenger/i.test(header(req, 'user-agent') ?? '');

function expiresIn(ctx: AppContext, created: CreatedOrder) {
  return Math.max(0, Math.round((created.order.expiresAt.getTime() - ctx.clock.now()) / 1000));
}

function sendPage(reply: FastifyReply, answer: CheckoutAnswer) {
  if ('redirect' in answer) return reply.redirect(answer.redirect, 303);
  return reply
    .status(answer.status)
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'")
    .type('text/html; charset=utf-8')
    .send(answer.html);
}

/** Packages, payment methods, orders, gateway notifications and the sandbox cashier (HTTP only). */
export function billingRoutes(app: FastifyInstance, ctx: AppContext, config: ConfigService) {
  const gateways = new PayGateways(ctx);
  const orders = new OrderService(ctx, gateways, config);
  const sandbox = new SandboxCheckoutService(ctx, gateways, orders, async (url, contentType, payload) => {
    const res = await app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
    return res.body;
  });

  const sweeper = setInterval(() => void orders.expireDue().catch((err: unknown) => ctx.log.error({ err }, 'order expiry sweep failed')), EXPIRE_SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  // ---- packages and payment methods ----

  route(app, routes.billing.packages, async () => ok({ list: (await listPackages(ctx.db)).map(packageView) }));

  route(app, routes.billing.activity, async () => {
    const pkg = await activityPackage(ctx.db);
    return ok(pkg ? packageView(pkg) : null);
  });

  route(app, routes.billing.payments, async () => ok({ list: PayGateways.methods(await orders.activeGateways()), sandbox: gateways.sandboxMode }));

  // ---- the pay dialog (SPEC §4.4) ----

  route(app, routes.billing.orderBuy, async ({ req, query, body: posted }) => {
    const body = req.method === 'GET' ? query : posted;
    const payer = payerOf(req);
    const mode: PayMode = body.payType === 'jsapi' ? 'jsapi' : 'qr';
    const created = await orders.create(payer, {
      packageId: body.goodsId,
      packageField: 'goodsId',
      channel: body.payType === 'alipay' ? 'alipay' : 'wxpay',
      mode,
      returnPath: returnPathOrDefault(header(req, 'x-href'), { publicUrl: ctx.config.publicUrl, host: header(req, 'host') }),
    });
    const reply: OrderBuyReply = {
      url_qrcode: created.mode === 'qr' ? created.url : '',
      orderId: created.order.orderNo,
      redirectUrl: created.mode === 'redirect' ? created.url : '',
      payMode: created.mode,
      iframeUrl: created.mode === 'iframe' ? created.url : '',
      jsapi: created.jsapi,
      amount: yuan(created.order.amount),
      sandbox: created.sandbox,
      expires_in: expiresIn(ctx, created),
    };
    return ok(reply, '下单成功');
  });

  route(app, routes.billing.orderQuery, async ({ req, query, body: posted }) => {
    const body = req.method === 'GET' ? query : posted;
    const order = await orders.find(payerOf(req), { orderNo: body.orderId });
    return ok({ status: await orders.statusOf(order) });
  });

  // ---- the membership dialog and the mobile purchase page (SPEC §4.5) ----

  route(app, routes.billing.payQrcode, async ({ req, query, body: posted }) => {
    const body = req.method === 'GET' ? query : posted;
    const payer = payerOf(req);
    const link = body.return_url !== undefined;
    const path = returnPath(body.return_url, { publicUrl: ctx.config.publicUrl, host: header(req, 'host') });
    const wantsJsapi = link && payer.userId !== null && isWechatUa(req) && body.pay_method?.startsWith('wechat.') === true;
    const created = await orders.create(payer, {
      packageId: body.package_id,
      packageField: 'package_id',
      payMethod: body.pay_method,
      mode: wantsJsapi ? 'jsapi' : link ? 'h5' : 'qr',
      returnPath: path,
    });
    const reply: PayQrcodeReply = {
      qr_code: created.url,
      hash: created.order.payHash,
      order_sn: created.order.orderNo,
      mode: created.mode,
      channel: created.order.channel === 'alipay' ? 'alipay' : 'wxpay',
      pay_url: created.mode === 'redirect' || created.mode === 'iframe' ? created.url : '',
      jsapi: created.jsapi,
      amount: yuan(created.order.amount),
      sandbox: created.sandbox,
      expires_in: expiresIn(ctx, created),
    };
    return ok(reply, '下单成功');
  });

  route(app, routes.billing.payResult, async ({ req, query, body: posted }) => {
    const body = req.method === 'GET' ? query : posted;
    const order = await orders.find(payerOf(req), { hash: body.hash });
    const status = await orders.statusOf(order);
    const data: PayResultReply = {
      result: { status, order_sn: order.orderNo, package_name: order.packageName, bound: order.userId !== null },
    };
    // SPEC §4.5: code 3 means paid; 202 (keep polling) otherwise.
    return status === 1
      ? ok(data, '支付成功', PAY_RESULT_PAID)
      : fail(Code.PENDING, status === 2 ? '订单已过期' : '等待支付', data);
  });

  // ---- guest orders and my orders ----

  route(app, routes.billing.clientOrder, async ({ req }) => ok(await orders.clientOrder(payerOf(req))));

  route(app, routes.billing.orderBind, async ({ req, actor: user, body }) => {
    return ok(await orders.bind(user.id, { userId: user.id, clientCode: clientCodeOf(req), ip: req.ip }, body.order_sn), '订单绑定成功');
  });

  route(app, routes.billing.orderIndex, async ({ actor: user, query: q }) => {
    return ok(await orders.listMine(user.id, q.page, q.size));
  });

  // ---- gateways: notifications (raw bodies: signatures cover the exact bytes) ----

  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    for (const name of PAY_NOTIFY_PROVIDERS) {
      route(raw, NOTIFY[name], async ({ req, query, reply }) => {
        const notification: NotificationRequest = {
          headers: req.headers,
          rawBody: Buffer.isBuffer(req.body) ? req.body : '',
          query: (query ?? {}),
          form: {},
        };
        const ack = await handleNotification(ctx, gateways, name, notification);
        return reply.status(ack.status).header('Cache-Control', 'no-store').type(ack.contentType).send(ack.body);
      });
    }
  });

  // ---- where gateways send the browser back: the order's real status as trade_status ----

  route(app, routes.billing.payReturn, async ({ req, params, query, reply }) => {
    const path = returnPathOrDefault(query.to, { publicUrl: ctx.config.publicUrl, host: header(req, 'host') });
    const paid = await settleOnReturn(ctx, gateways, orders, params.orderNo);
    return reply.header('Cache-Control', 'no-store').redirect(withTradeStatus(path, paid ? 'TRADE_SUCCESS' : 'WAIT_BUYER_PAY'), 302);
  });

  // ---- the sandbox gateway's cashier page ----

  route(app, routes.billing.sandboxOrder, async ({ params, reply }) => {
    const link = await sandbox.linkFor(params.orderNo);
    if (!link) return sendPage(reply, { status: 404, html: resultPage('invalid', '订单不存在，或沙箱支付未启用。') });
    return reply.header('Cache-Control', 'no-store').redirect(link, 302);
  });
  route(app, routes.billing.sandboxCheckout, async ({ query, reply }) => sendPage(reply, await sandbox.show(query)));
  route(app, routes.billing.sandboxCheckoutSubmit, async ({ body, reply }) => sendPage(reply, await sandbox.submit(body)));

}
