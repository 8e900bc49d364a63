import { registerSplitLocales } from '../../lib/i18n.ts';

/** Strings of the one payment flow (namespace `pay`): membership, slides and thesis packages. */
registerSplitLocales(
  'pay',
  {
    channel: {
      label: '支付方式',
      wxpay: '微信支付',
      alipay: '支付宝'
    },
    qr: {
      scanWx: '请使用微信扫码支付',
      scanAli: '请使用支付宝扫码支付',
      expired: '二维码已失效',
      refresh: '刷新二维码',
      loading: '正在生成二维码…',
      failed: '二维码生成失败',
      retry: '重试',
      alt: '支付二维码',
      paid: '支付成功'
    },
    pay: {
      unavailable: '暂未开通在线支付，请联系客服',
      remaining: '剩余支付时间',
      creating: '正在创建订单…',
      failed: '订单创建失败，请重试',
      retry: '重新下单',
      goPay: '前往支付',
      goPayHint: '将在新窗口打开支付页面，完成支付后回到这里，本页会自动确认。',
      jsapi: '请在微信弹出的支付窗口中完成支付',
      jsapiRetry: '重新唤起支付',
      frame: '虎皮椒收银台',
      orderNo: '订单号 {{no}}'
    },
    price: {
      amount: '支付金额'
    },
    sandbox: {
      badge: '沙箱支付 · 演示模式',
      note: '未配置支付渠道，支付由本地沙箱模拟，不会产生真实扣款。',
      open: '打开沙箱支付页'
    }
  },
  {
    'en-US': () => import('./locales.en-US.ts'),
    'zh-TW': () => import('./locales.zh-TW.ts'),
  },
);
