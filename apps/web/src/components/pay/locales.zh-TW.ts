export default {
  channel: {
    label: '支付方式',
    wxpay: '微信支付',
    alipay: '支付寶'
  },
  qr: {
    scanWx: '請使用微信掃碼支付',
    scanAli: '請使用支付寶掃碼支付',
    expired: '二維碼已失效',
    refresh: '重新整理二維碼',
    loading: '正在產生二維碼…',
    failed: '二維碼產生失敗',
    retry: '重試',
    alt: '支付二維碼',
    paid: '支付成功'
  },
  pay: {
    unavailable: '尚未開通線上付款，請聯絡客服',
    remaining: '剩餘支付時間',
    creating: '正在建立訂單…',
    failed: '訂單建立失敗，請重試',
    retry: '重新下單',
    goPay: '前往支付',
    goPayHint: '將在新視窗開啟支付頁面，完成支付後回到這裡，本頁會自動確認。',
    jsapi: '請在微信彈出的支付視窗中完成支付',
    jsapiRetry: '重新喚起支付',
    frame: '虎皮椒收銀台',
    orderNo: '訂單號 {{no}}'
  },
  price: {
    amount: '支付金額'
  },
  sandbox: {
    badge: '沙箱支付 · 示範模式',
    note: '未設定支付渠道，支付由本機沙箱模擬，不會產生真實扣款。',
    open: '開啟沙箱支付頁'
  }
};
