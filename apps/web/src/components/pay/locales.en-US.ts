export default {
  channel: {
    label: 'Pay with',
    wxpay: 'WeChat Pay',
    alipay: 'Alipay'
  },
  qr: {
    scanWx: 'Scan with WeChat to pay',
    scanAli: 'Scan with Alipay to pay',
    expired: 'QR code expired',
    refresh: 'Refresh QR code',
    loading: 'Creating QR code…',
    failed: 'Could not create the QR code',
    retry: 'Retry',
    alt: 'Payment QR code',
    paid: 'Paid'
  },
  pay: {
    unavailable: 'Online payment is not available yet. Please contact customer service.',
    remaining: 'Time left to pay',
    creating: 'Creating order…',
    failed: 'Could not create the order, please retry',
    retry: 'Order again',
    goPay: 'Go to payment',
    goPayHint: 'The payment page opens in a new window; come back here when done and we will confirm automatically.',
    jsapi: 'Complete the payment in the WeChat window',
    jsapiRetry: 'Open payment again',
    frame: 'Hupi cashier',
    orderNo: 'Order {{no}}'
  },
  price: {
    amount: 'Amount'
  },
  sandbox: {
    badge: 'Sandbox payment · Demo mode',
    note: 'No payment gateway is configured; a local sandbox simulates payments and nothing is charged.',
    open: 'Open the sandbox payment page'
  }
};
