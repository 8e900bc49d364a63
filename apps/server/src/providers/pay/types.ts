/**
 * Payment gateways as pure protocol adapters: they build payment requests, verify what a gateway
 * sends back and answer it in its own format. They never touch the database; the billing module
 * decides what a verified notification means for an order (amount, owner, exactly-once fulfilment).
 *
 * Money is integer fen everywhere in this interface.
 */
export type PayProviderName = 'wechat' | 'alipay' | 'epay' | 'mpay' | 'hupi' | 'sandbox';

/** What the user pays with (SPEC §4.4 channel choice). */
export type PayChannel = 'alipay' | 'wxpay';

/**
 * How the page shows the payment: a QR code on a desktop, a redirect (button or automatic) on a
 * phone, JSAPI inside the WeChat browser, or a gateway's mobile-web (H5) checkout.
 */
export type PayMode = 'qr' | 'redirect' | 'jsapi' | 'h5';

export interface PayOrder {
  /** Our order number, sent as the gateway's merchant order number (out_trade_no and alike). */
  orderNo: string;
  amountFen: number;
  /** The goods name shown by the gateway. */
  subject: string;
  /** Where the gateway posts its asynchronous notification. */
  notifyUrl: string;
  /** Where the user's browser returns after paying. */
  returnUrl: string;
  channel: PayChannel;
  mode: PayMode;
  /** The payer's openid under the pay app id; required for WeChat JSAPI. */
  openid?: string;
  /** The payer's IP address; some gateways require it (WeChat H5, 易支付 API). */
  clientIp?: string;
}

/** The parameters of WeixinJSBridge.invoke('getBrandWCPayRequest', …) / wx.chooseWXPay. */
export interface WechatJsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** What the page does to let the user pay. */
export type PaymentAction =
  /** Show `qrContent` as a QR code (it is the text to encode, usually a URL). */
  | { kind: 'qr'; qrContent: string }
  /** Send the browser to `url` (a button, or location.href). */
  | { kind: 'redirect'; url: string }
  /** Submit a form with these fields to `action` (auto-submitted POST). */
  | { kind: 'form'; action: string; method: 'POST'; fields: Record<string, string> }
  /** Embed `url` in a frame (虎皮椒); `qrImageUrl` is an image of the same payment's QR code. */
  | { kind: 'iframe'; url: string; qrImageUrl?: string }
  /** Call the WeChat JSAPI with these signed parameters. */
  | { kind: 'jsapi'; params: WechatJsapiParams };

type ParamValue = string | string[] | undefined;

/** A notification as the HTTP layer received it. Pass the body bytes untouched: signatures cover them. */
export interface NotificationRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string | Buffer;
  query: Record<string, ParamValue>;
  /** The parsed application/x-www-form-urlencoded body, when it was one; `{}` otherwise. */
  form: Record<string, ParamValue>;
}

/** A gateway's verified statement about one order. */
export interface PayNotification {
  orderNo: string;
  /** The gateway's own trade number; '' when the gateway has none yet (an unpaid order queried). */
  gatewayTradeNo: string;
  /** The amount the gateway says the order is for, in fen; compare it with the order before granting. */
  amountFen: number;
  /** True only when the gateway says the order is paid. */
  paid: boolean;
  /** The gateway's own status word (SUCCESS, TRADE_SUCCESS, OD…), for logs. */
  gatewayStatus: string;
}

/** The HTTP answer the gateway expects to a notification. */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

export interface PayProvider {
  readonly name: PayProviderName;
  /** The channels this gateway can take payments through. */
  readonly channels: readonly PayChannel[];
  /** Asks the gateway for a payment (or builds the signed link). Throws PayRequestError. */
  createPayment(order: PayOrder): Promise<PaymentAction>;
  /**
   * Verifies a notification exactly as the gateway documents it and returns what it says.
   * Throws NotificationRejected when it is not a genuine, well-formed notification of this merchant.
   * A genuine notification of an unpaid or closed trade comes back with `paid: false`.
   */
  verifyNotification(req: NotificationRequest): Promise<PayNotification>;
  /** The answer to send back: `ok` true once the notification has been handled (or was already). */
  notificationAck(ok: boolean, message?: string): NotificationAck;
  /** Asks the gateway about an order (active check); null when the gateway does not know it. */
  queryOrder?(orderNo: string): Promise<PayNotification | null>;
}

export type RejectReason = 'signature' | 'format' | 'stale' | 'mismatch';

/** A notification that must not be trusted: forged, tampered, malformed, replayed late, or for another merchant. */
export class NotificationRejected extends Error {
  constructor(
    message: string,
    public readonly reason: RejectReason,
  ) {
    super(message);
    this.name = 'NotificationRejected';
  }
}

/** A payment could not be created or queried; `message` is fit to show a user. */
export class PayRequestError extends Error {
  constructor(
    message: string,
    /** The gateway's own error code, when it gave one. */
    public readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'PayRequestError';
  }
}
