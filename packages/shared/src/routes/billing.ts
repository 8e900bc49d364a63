import { z } from 'zod';
import {
  activityPackageReply,
  clientOrderReply,
  orderBindBody,
  orderBindReply,
  orderBuyBody,
  orderBuyReply,
  orderListQuery,
  orderListReply,
  orderQueryBody,
  orderQueryReply,
  packageListReply,
  payMethodsReply,
  payQrcodeBody,
  payQrcodeReply,
  payResultBody,
  payResultReply,
} from '../schemas/billing.ts';
import { defineRoutes } from './define.ts';

/** The payment gateways that notify us, each at /api/pay/notify/<name>. */
export const PAY_NOTIFY_PROVIDERS = ['wechat', 'alipay', 'epay', 'mpay', 'hupi', 'sandbox'] as const;

export const orderNoParam = z.object({ orderNo: z.string().min(1).max(64) });
export const payReturnQuery = z.object({ to: z.string().max(2000).optional() });
const formValue = z.union([z.string().max(4096), z.array(z.string().max(4096)).max(20)]);
/** The sandbox cashier's signed link (GET) and its form (POST). */
export const sandboxCheckoutQuery = z.record(z.string().max(64), z.string().max(4096));
export const sandboxCheckoutForm = z.record(z.string().max(64), formValue);
/** Gateways sign raw bytes; their query (易支付-style GET notifications) is passed through. */
export const payNotifyQuery = z.record(z.string().max(128), formValue);

const notify = (name: (typeof PAY_NOTIFY_PROVIDERS)[number], method: 'POST' | readonly ('GET' | 'POST')[]) =>
  ({
    method,
    path: `/api/pay/notify/${name}`,
    access: 'none',
    kind: 'text',
    contentType: 'application/octet-stream',
    summary: `${name} 支付结果通知（验签后履约，应答网关要求的格式）`,
    query: payNotifyQuery,
  }) as const;

export const billingRoutes = defineRoutes('billing', {
  packages: { method: 'GET', path: '/api/package/index', access: 'none', summary: '套餐列表', response: packageListReply },
  activity: { method: 'GET', path: '/api/package/activity', access: 'none', summary: '活动套餐', response: activityPackageReply },
  payments: { method: ['GET', 'POST'], path: '/api/trade/payments', access: 'none', summary: '可用支付方式', response: payMethodsReply },
  orderBuy: {
    method: ['GET', 'POST'],
    path: '/order/buy',
    access: 'guest',
    summary: '下单（购买弹窗）；游客凭 X-Client-Code',
    query: orderBuyBody,
    body: orderBuyBody,
    response: orderBuyReply,
  },
  orderQuery: {
    method: ['GET', 'POST'],
    path: '/order/queryByOrderId',
    access: 'guest',
    summary: '订单状态',
    query: orderQueryBody,
    body: orderQueryBody,
    response: orderQueryReply,
  },
  payQrcode: {
    method: ['GET', 'POST'],
    path: '/api/order/pay-qrcode',
    access: 'guest',
    summary: '会员弹窗与移动端购买页下单',
    query: payQrcodeBody,
    body: payQrcodeBody,
    response: payQrcodeReply,
  },
  payResult: {
    method: ['GET', 'POST'],
    path: '/api/order/pay-result',
    access: 'guest',
    summary: '轮询支付结果（已支付 code 3，否则 202）',
    query: payResultBody,
    body: payResultBody,
    response: payResultReply,
  },
  clientOrder: { method: 'GET', path: '/api/order/client-order', access: 'guest', summary: '本设备待绑定的已支付订单', response: clientOrderReply },
  orderBind: { method: 'POST', path: '/api/order/bind', access: 'user', summary: '把游客订单绑定到当前账号', body: orderBindBody, response: orderBindReply },
  orderIndex: { method: 'GET', path: '/api/order/index', access: 'user', summary: '我的订单', query: orderListQuery, response: orderListReply },
  notifyWechat: notify('wechat', 'POST'),
  notifyAlipay: notify('alipay', 'POST'),
  notifyEpay: notify('epay', ['GET', 'POST']),
  notifyMpay: notify('mpay', ['GET', 'POST']),
  notifyHupi: notify('hupi', 'POST'),
  notifySandbox: notify('sandbox', 'POST'),
  payReturn: {
    method: 'GET',
    path: '/api/pay/return/:orderNo',
    access: 'none',
    kind: 'redirect',
    summary: '网关支付后返回：核对订单后重定向回站内页面（带 trade_status）',
    params: orderNoParam,
    query: payReturnQuery,
  },
  sandboxOrder: {
    method: 'GET',
    path: '/api/pay/sandbox/o/:orderNo',
    access: 'none',
    kind: 'redirect',
    summary: '沙箱收银台短链',
    params: orderNoParam,
  },
  sandboxCheckout: {
    method: 'GET',
    path: '/api/pay/sandbox/checkout',
    access: 'none',
    kind: 'html',
    summary: '沙箱收银台页面（签名链接）',
    query: sandboxCheckoutQuery,
  },
  sandboxCheckoutSubmit: {
    method: 'POST',
    path: '/api/pay/sandbox/checkout',
    access: 'none',
    kind: 'html',
    contentType: 'application/x-www-form-urlencoded',
    summary: '沙箱收银台：支付或取消',
    body: sandboxCheckoutForm,
  },
});
