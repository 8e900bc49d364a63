import { and, count, desc, eq, isNull, lte } from 'drizzle-orm';
import type { ClientOrderReply, OrderBindReply, OrderListItem, OrderListReply, OrderStatus, PayModeName } from '@app/shared';
import { Code } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { randomDigits, randomToken } from '../../core/ids.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { orders, packages, users } from '../../db/schema/index.ts';
import { PayRequestError, type PayChannel, type PaymentAction, type PayMode, type WechatJsapiParams } from '../../providers/pay/index.ts';
import type { ConfigService } from '../config/public.ts';
import { PayGateways, type ActiveGateway } from './gateways.ts';
import { packageOnSale, yuan, type PackageRow } from './packages.ts';
import { requireIdentity, type Payer } from './payer.ts';
import { requireAccess } from '../../core/access.ts';
import { grantPaidOrder, openFirstPurchaseOrder } from './first-purchase.ts';
import { notifyUrl, sandboxOrderUrl } from './paths.ts';
import { gatewayReturnUrl } from './return-url.ts';

/** An unpaid order expires after this long (status 2); a payment arriving later is still honoured. */
export const ORDER_TTL_SECONDS = 30 * 60;
/** Orders a caller may create per window (each QR refresh is one). */
const ORDERS_PER_WINDOW = 40;
const ORDER_WINDOW_SECONDS = 600;

export type OrderRow = typeof orders.$inferSelect;

export interface CreateOrderInput {
  packageId: number;
  /** The field named in errors about the package ('goodsId' or 'package_id'). */
  packageField: string;
  /** A pay_method of /api/trade/payments, or else a channel for the server to route. */
  payMethod?: string;
  channel?: PayChannel;
  mode: PayMode;
  /** The same-site path to come back to. */
  returnPath: string;
}

/** What the page shows to let the user pay one order. */
export interface CreatedOrder {
  order: OrderRow;
  mode: PayModeName;
  /** QR text (qr), the gateway page (redirect) or the frame (iframe). */
  url: string;
  /** An image of the 虎皮椒 QR, when the gateway gave one. */
  qrImageUrl: string;
  jsapi: WechatJsapiParams | null;
  sandbox: boolean;
}

/** Our order number: Beijing date and time, then 10 random digits (fits every gateway's rules). */
export function newOrderNo(nowMs: number): string {
  const d = new Date(nowMs + 8 * 3600_000).toISOString();
  return `${d.slice(0, 10).replace(/-/g, '')}${d.slice(11, 19).replace(/:/g, '')}${randomDigits(10)}`;
}

const fieldError = (field: string, message: string) => new AppError(Code.BAD_REQUEST, message, 400, { field });

/** Orders, from creation to binding: every read or change checks the caller owns the order. */
export class OrderService {
  constructor(
    private readonly ctx: AppContext,
    private readonly gateways: PayGateways,
    private readonly config: ConfigService,
  ) {}

  async activeGateways(): Promise<ActiveGateway[]> {
    return this.gateways.active(await this.config.settings());
  }

  /** Creates an order and asks its gateway how the user pays it. */
  async create(payer: Payer, input: CreateOrderInput): Promise<CreatedOrder> {
    requireIdentity(payer);
    const who = payer.userId !== null ? `u${payer.userId}` : `c${payer.clientCode}`;
    await limitOrThrow(this.ctx.kv, `order:${who}`, ORDERS_PER_WINDOW, ORDER_WINDOW_SECONDS, '下单过于频繁，请稍后再试');
    await limitOrThrow(this.ctx.kv, `order-ip:${payer.ip}`, this.ctx.config.env.ORDERS_PER_IP_PER_10MIN, ORDER_WINDOW_SECONDS, '下单过于频繁，请稍后再试');

    const pkg = await packageOnSale(this.ctx.db, input.packageId);
    if (!pkg) throw fieldError(input.packageField, '套餐不存在或已下架');
    const active = await this.activeGateways();
    let gateway: ActiveGateway | undefined;
    let channel: PayChannel;
    if (input.payMethod !== undefined) {
      const resolved = PayGateways.resolve(active, input.payMethod);
      if (!resolved) throw fieldError('pay_method', '不支持的支付方式');
      gateway = resolved.gateway;
      channel = resolved.channel;
    } else {
      const wanted = input.channel ?? active[0]?.channels[0] ?? 'wxpay';
      gateway = PayGateways.pick(active, wanted);
      if (!gateway) throw fieldError(input.channel ? 'payType' : 'pay_method', '暂不支持该支付方式，请选择其他支付方式');
      channel = wanted;
    }

    let openid: string | undefined;
    if (input.mode === 'jsapi') {
      if (payer.userId === null) throw fieldError('payType', '请先登录后再使用微信内支付');
      const [u] = await this.ctx.db.select({ openid: users.wechatOpenid }).from(users).where(eq(users.id, payer.userId)).limit(1);
      if (!u?.openid) throw fieldError('payType', '请先用微信登录后再使用微信内支付');
      openid = u.openid;
    }

    const now = this.ctx.clock.now();
    const insertOrder = (db: Db) =>
      db
        .insert(orders)
        .values({
          orderNo: newOrderNo(now),
          userId: payer.userId,
          clientCode: payer.clientCode,
          packageId: pkg.id,
          amount: pkg.price,
          provider: gateway.name,
          channel,
          mode: input.mode,
          status: 0,
          payHash: randomToken(24),
          expiresAt: new Date(now + ORDER_TTL_SECONDS * 1000),
          createdAt: new Date(now),
        })
        .returning();
    const [order] =
      pkg.isActivity === 1
        ? await this.ctx.db.transaction(async (raw) => {
            const tx = raw as unknown as Db;
            await openFirstPurchaseOrder(tx, payer, input.packageField);
            return insertOrder(tx);
          })
        : await insertOrder(this.ctx.db);

    const provider = this.gateways.get(gateway.name)!;
    let action: PaymentAction;
    try {
      action = await provider.createPayment({
        orderNo: order!.orderNo,
        amountFen: order!.amount,
        subject: pkg.name,
        notifyUrl: notifyUrl(this.ctx.config.publicUrl, gateway.name),
        returnUrl: gatewayReturnUrl(this.ctx.config.publicUrl, order!.orderNo, input.returnPath),
        channel,
        mode: input.mode,
        openid,
        clientIp: payer.ip,
      });
    } catch (err) {
      // The order never reached the user: close it so it cannot linger as "waiting".
      await this.ctx.db.update(orders).set({ status: 2 }).where(and(eq(orders.id, order!.id), eq(orders.status, 0)));
      if (err instanceof PayRequestError) {
        this.ctx.log.warn({ provider: gateway.name, err: err.message }, 'payment creation failed');
        throw new AppError(Code.SERVER_ERROR, err.message, 502);
      }
      throw err;
    }
    const view = actionView(action);
    // The sandbox's signed link makes a dense QR code; the code carries a short link to it instead.
    if (gateway.name === 'sandbox' && view.mode === 'qr') view.url = sandboxOrderUrl(this.ctx.config.publicUrl, order!.orderNo);
    return { order: order!, ...view, sandbox: gateway.name === 'sandbox' };
  }

  /** The caller's order by number or by pay hash; 404 for anyone else's (it does not exist for them). */
  async find(payer: Payer, by: { orderNo: string } | { hash: string }): Promise<OrderRow & { packageName: string }> {
    const [row] = await this.ctx.db
      .select({ o: orders, packageName: packages.name })
      .from(orders)
      .innerJoin(packages, eq(packages.id, orders.packageId))
      .where('orderNo' in by ? eq(orders.orderNo, by.orderNo) : eq(orders.payHash, by.hash))
      .limit(1);
    if (!row) throw notFound('订单不存在');
    await requireAccess(this.ctx.db, payer, 'order.read', [row.o.orderNo]);
    return { ...row.o, packageName: row.packageName };
  }

  /** The status a page shows: an unpaid order past its time is expired (and is marked so). */
  async statusOf(order: OrderRow): Promise<OrderStatus> {
    if (order.status === 0 && order.expiresAt.getTime() <= this.ctx.clock.now()) {
      await this.ctx.db.update(orders).set({ status: 2 }).where(and(eq(orders.id, order.id), eq(orders.status, 0)));
      return 2;
    }
    return order.status as OrderStatus;
  }

  /** Marks every unpaid order past its time as expired; returns how many. */
  async expireDue(): Promise<number> {
    const rows = await this.ctx.db
      .update(orders)
      .set({ status: 2 })
      .where(and(eq(orders.status, 0), lte(orders.expiresAt, new Date(this.ctx.clock.now()))))
      .returning({ id: orders.id });
    return rows.length;
  }

  /** The newest paid order of this device that no account has yet (SPEC §2.6). */
  async clientOrder(payer: Payer): Promise<ClientOrderReply> {
    if (!payer.clientCode) return { order_sn: null };
    const [row] = await this.ctx.db
      .select({ orderNo: orders.orderNo })
      .from(orders)
      .where(and(eq(orders.clientCode, payer.clientCode), eq(orders.status, 1), isNull(orders.userId)))
      .orderBy(desc(orders.paidAt))
      .limit(1);
    return { order_sn: row?.orderNo ?? null };
  }

  /**
   * Binds a guest's paid order to the caller, exactly once and to one user only: ONE conditional
   * UPDATE (still unbound, paid, placed on this device) claims it, and the package is granted in
   * the same transaction. A second bind, by anyone, finds no row to claim.
   */
  async bind(userId: number, payer: Payer, orderNo: string): Promise<OrderBindReply> {
    await limitOrThrow(this.ctx.kv, `order-bind:${userId}`, 20, 600);
    const now = this.ctx.clock.now();
    const bound = await this.ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      if (!payer.clientCode) return null;
      const [claimed] = await tx
        .update(orders)
        .set({ userId, boundAt: new Date(now) })
        .where(and(eq(orders.orderNo, orderNo), isNull(orders.userId), eq(orders.status, 1), eq(orders.clientCode, payer.clientCode)))
        .returning();
      if (!claimed) return null;
      const [pkg] = await tx.select().from(packages).where(eq(packages.id, claimed.packageId)).limit(1);
      if (!pkg) throw new Error(`package ${claimed.packageId} of order ${claimed.orderNo} is gone`);
      await grantPaidOrder(this.ctx, tx, userId, pkg, claimed, now);
      return { order: claimed, pkg };
    });
    if (bound) return { order_sn: bound.order.orderNo, package_name: bound.pkg.name };

    // Nothing claimed: say why, without revealing orders of other devices or accounts.
    const [order] = await this.ctx.db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
    const mine = !!order && (order.userId === userId || (payer.clientCode !== null && order.clientCode === payer.clientCode));
    if (!order || !mine) throw notFound('订单不存在');
    if (order.userId !== null) throw new AppError(Code.CONFLICT, '该订单已绑定账号，不能重复绑定', 409);
    throw new AppError(Code.BAD_REQUEST, '订单尚未支付，暂不能绑定', 400, { field: 'order_sn' });
  }

  async listMine(userId: number, page: number, size: number): Promise<OrderListReply> {
    const where = forUser(this.ctx.db, userId).orders.scope();
    const [rows, [total]] = await Promise.all([
      this.ctx.db
        .select({ o: orders, packageName: packages.name })
        .from(orders)
        .innerJoin(packages, eq(packages.id, orders.packageId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(size)
        .offset((page - 1) * size),
      this.ctx.db.select({ n: count() }).from(orders).where(where),
    ]);
    const now = this.ctx.clock.now();
    const list: OrderListItem[] = rows.map(({ o, packageName }) => ({
      order_sn: o.orderNo,
      package_id: o.packageId,
      package_name: packageName,
      amount: yuan(o.amount),
      channel: o.channel === 'alipay' ? 'alipay' : 'wxpay',
      provider: o.provider,
      status: (o.status === 0 && o.expiresAt.getTime() <= now ? 2 : o.status) as OrderStatus,
      created_at: o.createdAt.toISOString(),
      paid_at: o.paidAt ? o.paidAt.toISOString() : null,
    }));
    return { list, meta: { page, size, total: total?.n ?? 0 } };
  }

  /** An order by number, whoever owns it (gateway returns, the sandbox page). */
  async byNumber(orderNo: string): Promise<(OrderRow & { pkg: PackageRow }) | null> {
    const [row] = await this.ctx.db
      .select({ o: orders, pkg: packages })
      .from(orders)
      .innerJoin(packages, eq(packages.id, orders.packageId))
      .where(eq(orders.orderNo, orderNo))
      .limit(1);
    return row ? { ...row.o, pkg: row.pkg } : null;
  }
}

/** How the page shows a gateway's payment. */
function actionView(action: PaymentAction): Omit<CreatedOrder, 'order' | 'sandbox'> {
  const none = { url: '', qrImageUrl: '', jsapi: null };
  switch (action.kind) {
    case 'qr':
      return { ...none, mode: 'qr', url: action.qrContent };
    case 'redirect':
      return { ...none, mode: 'redirect', url: action.url };
    case 'form': {
      // A submit.php form takes the same fields as a GET link.
      const url = new URL(action.action);
      for (const [k, v] of Object.entries(action.fields)) url.searchParams.set(k, v);
      return { ...none, mode: 'redirect', url: url.toString() };
    }
    case 'iframe':
      return { ...none, mode: 'iframe', url: action.url, qrImageUrl: action.qrImageUrl ?? '' };
    case 'jsapi':
      return { ...none, mode: 'jsapi', jsapi: action.params };
  }
}

