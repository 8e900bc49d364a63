import type { AppContext } from '../../core/context.ts';
import { NotificationRejected, type SandboxCheckout } from '../../providers/pay/index.ts';
import type { PayGateways } from './gateways.ts';
import type { OrderService } from './orders.ts';
import { NOTIFY_ROUTE, notifyUrl } from './paths.ts';
import { gatewayReturnUrl } from './return-url.ts';
import { yuan } from './packages.ts';
import { checkoutPage, resultPage } from './sandbox-page.ts';

export type CheckoutAnswer = { status: number; html: string } | { redirect: string };

/** Posts a notification to our own notify route (the same HTTP path a gateway's takes); returns the ack body. */
export type Deliver = (path: string, contentType: string, body: string) => Promise<string>;

type Query = Record<string, string | string[] | undefined>;

/**
 * The sandbox gateway's cashier page, served by us: GET shows the order behind a signed link;
 * POST with 支付 makes the sandbox send its signed notification to /api/pay/notify/sandbox, which
 * verifies and fulfils it like any gateway's, then returns the browser with trade_status.
 */
export class SandboxCheckoutService {
  constructor(
    private readonly ctx: AppContext,
    private readonly gateways: PayGateways,
    private readonly orders: OrderService,
    private readonly deliver: Deliver,
  ) {}

  private async load(query: Query): Promise<{ checkout: SandboxCheckout; error?: undefined } | { error: CheckoutAnswer }> {
    if (!this.gateways.get('sandbox')) return { error: { status: 404, html: resultPage('invalid', '沙箱支付未启用：本服务已配置真实支付渠道。') } };
    let checkout: SandboxCheckout;
    try {
      checkout = this.gateways.sandbox.verifyCheckout(query);
    } catch (err) {
      if (err instanceof NotificationRejected) return { error: { status: 400, html: resultPage('invalid') } };
      throw err;
    }
    if (new URL(checkout.notifyUrl).pathname !== `${NOTIFY_ROUTE}/sandbox`) return { error: { status: 400, html: resultPage('invalid') } };
    return { checkout };
  }

  async show(query: Query): Promise<CheckoutAnswer> {
    const loaded = await this.load(query);
    if (loaded.error) return loaded.error;
    const { checkout } = loaded;
    const order = await this.orders.byNumber(checkout.orderNo);
    if (!order || order.provider !== 'sandbox' || order.amount !== checkout.amountFen) return { status: 404, html: resultPage('invalid', '订单不存在。') };
    if (order.status === 1) return { status: 200, html: resultPage('paid') };
    if ((await this.orders.statusOf(order)) === 2) return { status: 200, html: resultPage('expired') };
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(query)) if (typeof v === 'string') fields[k] = v;
    return {
      status: 200,
      html: checkoutPage({ packageName: order.pkg.name, amountYuan: yuan(order.amount), orderNo: order.orderNo, channel: checkout.channel, fields }),
    };
  }

  /** The short link of a QR code: a fresh signed cashier link for the order, or null when there is none to pay. */
  async linkFor(orderNo: string): Promise<string | null> {
    if (!this.gateways.get('sandbox') || !/^[0-9A-Za-z_-]{1,64}$/.test(orderNo)) return null;
    const order = await this.orders.byNumber(orderNo);
    if (!order || order.provider !== 'sandbox') return null;
    const publicUrl = this.ctx.config.publicUrl;
    const action = await this.gateways.sandbox.createPayment({
      orderNo,
      amountFen: order.amount,
      subject: order.pkg.name,
      notifyUrl: notifyUrl(publicUrl, 'sandbox'),
      returnUrl: gatewayReturnUrl(publicUrl, orderNo, '/talk'),
      channel: order.channel === 'alipay' ? 'alipay' : 'wxpay',
      mode: 'redirect',
    });
    return action.kind === 'redirect' ? action.url : null;
  }

  async submit(form: Query): Promise<CheckoutAnswer> {
    const { action, ...query } = form;
    if (action !== 'pay' && action !== 'cancel') return { status: 400, html: resultPage('invalid', '未知的操作。') };
    const loaded = await this.load(query);
    if (loaded.error) return loaded.error;
    const { checkout } = loaded;
    const order = await this.orders.byNumber(checkout.orderNo);
    if (!order || order.provider !== 'sandbox') return { status: 404, html: resultPage('invalid', '订单不存在。') };
    if (action === 'pay' && order.status !== 1 && (await this.orders.statusOf(order)) === 2) return { status: 200, html: resultPage('expired') };

    const paid = action === 'pay';
    const note = this.gateways.sandbox.buildNotification({ orderNo: checkout.orderNo, amountFen: checkout.amountFen, paid });
    const ack = await this.deliver(`${NOTIFY_ROUTE}/sandbox`, note.contentType, note.body);
    if (ack !== 'success') {
      this.ctx.log.warn({ orderNo: checkout.orderNo, ack }, 'sandbox notification was not accepted');
      return { status: 502, html: resultPage('invalid', '支付通知未被接受，请稍后重试。') };
    }
    if (order.mode === 'qr' || !checkout.returnUrl) return { status: 200, html: resultPage(paid ? 'paid' : 'cancelled') };
    const back = new URL(checkout.returnUrl);
    back.searchParams.set('trade_status', paid ? 'TRADE_SUCCESS' : 'TRADE_CLOSED');
    return { redirect: back.toString() };
  }
}
