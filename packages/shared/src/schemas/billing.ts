import { z } from 'zod';

/**
 * Billing (SPEC §3 package / payment entities, §4.4 pay dialog, §4.5 membership dialog, §7.2).
 * Money travels as yuan strings in replies ('19.90'); the server keeps integer fen.
 */

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const orderSn = z.string({ error: '请输入订单号' }).trim().min(1, '请输入订单号').max(64, '订单号无效').regex(/^[0-9A-Za-z_-]+$/, '订单号无效');

// ---- packages ----

export const packageItem = z.object({
  id: z.number(),
  name: z.string(),
  introduction: z.string(),
  /** Feature lines separated by newlines. */
  description: z.string(),
  /** What the user pays, in yuan. */
  price: z.string(),
  /** The display (original) price, in yuan. */
  price_y: z.string(),
  discount: z.string(),
  /** Membership days; 0 = counts for the never-expiring base pool (加油包). */
  days: z.number(),
  level: z.number(),
  model3_count: z.number(),
  model4_count: z.number(),
  draw_count: z.number(),
  /** AI PPT decks it grants (slide packages). */
  ppt_count: z.number().optional(),
});
export type PackageItem = z.infer<typeof packageItem>;

export const packageListReply = z.object({ list: z.array(packageItem) });
export type PackageListReply = z.infer<typeof packageListReply>;

/** GET /api/package/activity: the promo package, or null when there is none. */
export const activityPackageReply = packageItem.nullable();
export type ActivityPackageReply = z.infer<typeof activityPackageReply>;

// ---- payment methods ----

/** What the user pays with. */
export const payChannel = z.enum(['alipay', 'wxpay']);
export type PayChannelName = z.infer<typeof payChannel>;

/** SPEC §3 "Mobile payment method option". `pay_method` is opaque: send it back to /api/order/pay-qrcode. */
export const payMethodOption = z.object({
  pay_method: z.string(),
  pay_type: z.enum(['alipay', 'wechat']),
  pay_name: z.string(),
});
export type PayMethodOption = z.infer<typeof payMethodOption>;

export const payMethodsReply = z.object({
  list: z.array(payMethodOption),
  /** True when payments go to the local sandbox page (no gateway configured). */
  sandbox: z.boolean(),
});
export type PayMethodsReply = z.infer<typeof payMethodsReply>;

/** How the page lets the user pay: a QR code, a button to the gateway's page, the 虎皮椒 frame, or WeChat JSAPI. */
export const payMode = z.enum(['qr', 'redirect', 'iframe', 'jsapi']);
export type PayModeName = z.infer<typeof payMode>;

/** The parameters of WeixinJSBridge getBrandWCPayRequest. */
export const wechatJsapiParams = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});

// ---- pay dialog: /order/buy, /order/queryByOrderId ----

export const orderBuyBody = z.object({
  goodsId: id('请选择套餐'),
  /** wxpay / alipay, or native / jsapi for WeChat Pay inside WeChat (SPEC §4.4). */
  payType: z.enum(['wxpay', 'alipay', 'native', 'jsapi'], { error: '请选择支付方式' }),
});
export type OrderBuyBody = z.infer<typeof orderBuyBody>;

export const orderBuyReply = z.object({
  /** Text to show as a QR code ('' when the mode is not qr). */
  url_qrcode: z.string(),
  /** The order number; poll /order/queryByOrderId with it. */
  orderId: z.string(),
  /** The gateway page for a button ('' when the mode is qr or jsapi). */
  redirectUrl: z.string(),
  payMode: payMode,
  /** The 虎皮椒 cashier page to embed when payMode is iframe. */
  iframeUrl: z.string(),
  jsapi: wechatJsapiParams.nullable(),
  /** Yuan. */
  amount: z.string(),
  sandbox: z.boolean(),
  /** Seconds until the order expires unpaid. */
  expires_in: z.number(),
});
export type OrderBuyReply = z.infer<typeof orderBuyReply>;

export const orderQueryBody = z.object({ orderId: orderSn });
export type OrderQueryBody = z.infer<typeof orderQueryBody>;

/** Order status: 0 waiting for payment, 1 paid, 2 expired or closed. */
export const orderStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type OrderStatus = z.infer<typeof orderStatus>;

export const orderQueryReply = z.object({ status: orderStatus });
export type OrderQueryReply = z.infer<typeof orderQueryReply>;

// ---- membership dialog: /api/order/pay-qrcode, /api/order/pay-result ----

export const payQrcodeBody = z.object({
  package_id: id('请选择套餐'),
  /** One of /api/trade/payments; absent on the desktop QR (the server picks). */
  pay_method: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(64, '支付方式无效').optional()),
  /** Where the browser comes back after paying (same site only); asks for a payment link instead of a QR code. */
  return_url: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(1000, '返回地址过长').optional()),
});
export type PayQrcodeBody = z.infer<typeof payQrcodeBody>;

export const payQrcodeReply = z.object({
  /** Text to show as a QR code, or the link to send the browser to (mobile). */
  qr_code: z.string(),
  /** Poll /api/order/pay-result with it. */
  hash: z.string(),
  order_sn: z.string(),
  mode: payMode,
  /** The channel the server routed a QR to (what to scan with). */
  channel: payChannel,
  /** The link to open ('' for qr/jsapi). */
  pay_url: z.string(),
  jsapi: wechatJsapiParams.nullable(),
  amount: z.string(),
  sandbox: z.boolean(),
  expires_in: z.number(),
});
export type PayQrcodeReply = z.infer<typeof payQrcodeReply>;

export const payResultBody = z.object({ hash: z.string({ error: '缺少支付标识' }).trim().min(8, '支付标识无效').max(128, '支付标识无效') });
export type PayResultBody = z.infer<typeof payResultBody>;

export const payResultReply = z.object({
  result: z.object({
    status: orderStatus,
    order_sn: z.string(),
    package_name: z.string(),
    /** True once the order belongs to an account (always for orders placed logged in). */
    bound: z.boolean(),
  }),
});
export type PayResultReply = z.infer<typeof payResultReply>;

// ---- guest orders (SPEC §2.6) ----

export const clientOrderReply = z.object({ order_sn: z.string().nullable() });
export type ClientOrderReply = z.infer<typeof clientOrderReply>;

export const orderBindBody = z.object({ order_sn: orderSn });
export type OrderBindBody = z.infer<typeof orderBindBody>;

export const orderBindReply = z.object({ order_sn: z.string(), package_name: z.string() });
export type OrderBindReply = z.infer<typeof orderBindReply>;

// ---- my orders ----

export const orderListQuery = z.object({
  page: z.coerce.number({ error: '页码无效' }).int('页码无效').min(1, '页码无效').max(10_000, '页码无效').default(1),
  size: z.coerce.number({ error: '每页条数无效' }).int('每页条数无效').min(1, '每页条数无效').max(50, '每页最多 50 条').default(10),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderListItem = z.object({
  order_sn: z.string(),
  package_id: z.number(),
  package_name: z.string(),
  /** Yuan. */
  amount: z.string(),
  channel: payChannel,
  /** The gateway: wechat, alipay, epay, mpay, hupi or sandbox. */
  provider: z.string(),
  status: orderStatus,
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type OrderListItem = z.infer<typeof orderListItem>;

export const orderListReply = z.object({
  list: z.array(orderListItem),
  meta: z.object({ page: z.number(), size: z.number(), total: z.number() }),
});
export type OrderListReply = z.infer<typeof orderListReply>;
