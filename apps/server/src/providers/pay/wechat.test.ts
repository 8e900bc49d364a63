import { createCipheriv, createPrivateKey, createPublicKey, createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  TEST_PLATFORM_CERT,
  TEST_PLATFORM_CERT_2,
  TEST_PLATFORM_CERT_2_SERIAL,
  TEST_PLATFORM_CERT_SERIAL,
  TEST_PLATFORM_KEY,
  TEST_PLATFORM_KEY_2,
  WECHAT_DOC_MERCHANT_KEY,
  WECHAT_DOC_PUBLIC_KEY,
} from './fakes/fixtures.ts';
import { FakeWechatPay } from './fakes/wechat.ts';
import { NotificationRejected, PayRequestError, type NotificationRequest, type PayOrder } from './types.ts';
import {
  decryptWechatResource,
  WechatPay,
  wechatAuthorization,
  wechatPlatformKey,
  wechatRequestMessage,
  wechatSign,
  type WechatPayOptions,
} from './wechat.ts';

const DOC_NONCE = '593BEC0C930BF1AFEB40B4A08C8FB242';
const DOC_TIMESTAMP = '1554208460';

describe('WeChat Pay v3 signing against the documented vectors', () => {
  const docKey = createPrivateKey(WECHAT_DOC_MERCHANT_KEY);

  // 签名生成, step by step: GET /v3/certificates at 1554208460 with nonce 593BEC…; the body line is empty but present.
  it('builds the documented request message', () => {
    expect(wechatRequestMessage('GET', '/v3/certificates', DOC_TIMESTAMP, DOC_NONCE, '')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
  });

  // 签名生成 (doc 4012365336): the JSAPI order body signed with the sample merchant key.
  it('signs the documented JSAPI order request to the documented signature and Authorization', () => {
    const body =
      '{"appid":"wxd678efh567hg6787","mchid":"1900007291","description":"Image形象店-深圳腾大-QQ公仔",' +
      '"out_trade_no":"1217752501201407033233368018","notify_url":"https://www.weixin.qq.com/wxpay/pay.php",' +
      '"amount":{"total":100,"currency":"CNY"},"payer":{"openid":"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"}}';
    const signature = wechatSign(wechatRequestMessage('POST', '/v3/pay/transactions/jsapi', DOC_TIMESTAMP, DOC_NONCE, body), docKey);
    const expected =
      'jnks4dlrPw3ZX+ozVvSK39oa0t7OMBsg83BHAwd8BRdUFiVaQNTLTvci+wURgP1OQBbKYhFGvt7iqYpDSTQkp7Uq1sltaQKyncCyrA1g88m5bsKERQfPyT0ahSwKTYJ1CAn9QiJu' +
      'SJRq1QsQs07eehbU/k9BCS51jTyc1Jpsi2H77HF9f/BnjXAOP3/sPObg6V5Ee4EzwLox684hhuMuIwHo7D8KFk3LIHOKDcNI4It1aCXydFWNpNK+SG86VUDe5kwoDpw4Ulqf' +
      'u9z8OFDGbDs9TCxEv8iqQzbpxOlEVoOe2kalSYM5kApQb3nZcxdUtoE0liJGW3RGUNE0t4v01A==';
    expect(signature).toBe(expected);
    expect(wechatAuthorization({ mchid: '1900007291', nonce: DOC_NONCE, timestamp: DOC_TIMESTAMP, serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB', signature })).toBe(
      `WECHATPAY2-SHA256-RSA2048 mchid="1900007291",nonce_str="${DOC_NONCE}",signature="${expected}",timestamp="1554208460",serial_no="408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB"`,
    );
  });

  // JSAPI 调起支付 (doc 4012365341): appId\ntimeStamp\nnonceStr\npackage\n signed with the sample key.
  it('signs the documented JSAPI invoke parameters to the documented paySign', () => {
    const pay = new WechatPay({
      mchid: '1900007291',
      appid: 'wx2421b1c4370ec43b',
      serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
      privateKey: WECHAT_DOC_MERCHANT_KEY,
      apiV3Key: '0123456789abcdef0123456789abcdef',
      platformKeys: [{ serial: 'PUB_KEY_ID_0000000000000000000000000000', key: createPublicKey(WECHAT_DOC_PUBLIC_KEY) }],
      now: () => Number(DOC_TIMESTAMP) * 1000,
      nonce: () => DOC_NONCE,
    });
    expect(pay.jsapiParams('wx201410272009395522657a690389285100')).toEqual({
      appId: 'wx2421b1c4370ec43b',
      timeStamp: '1554208460',
      nonceStr: DOC_NONCE,
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
      paySign:
        'mI35pfNEQV6777ke/1T+LJLQDNTm7yeoUJH+j/adPGhmCCi0PbgkvYQTRcXH0uibcLVtvFLdGLpmoYO9FV6lBBsTAjuhh5YOvQi0e2g3e0yytitiNET9FEuqM0pjnKfRW4K6LIZDdbWJv9Kh' +
        'ZUx3DrJa5TL7OJ7VdADVivxVySIlPVKjGwuCXzuXSJes0UcILgWQUMyha5/3nYofuHtS7r+KYyMuxD+oJ9VM1Qdxk4UIG59CP5Y3wtYIFybyF3bdu1caHTRRX+DLyMXyYA/IrTmiW01c4RPjpHBX5Dk1sZyY1zVsWNsvMHr2e1NTWtBxKJ+qk5N61J7caYoepHFaxw==',
    });
  });

  // 验证签名: the documented Native answer, its headers and the sample WeChat Pay public key.
  it('accepts the documented platform-signed answer and rejects it once altered', async () => {
    const docBody = '{"code_url":"weixin://wxpay/bizpayurl?pr=JyC91EIz1"}';
    const docHeaders = {
      'Wechatpay-Timestamp': '1722850421',
      'Wechatpay-Nonce': 'd824f2e086d3c1df967785d13fcd22ef',
      'Wechatpay-Signature':
        'mfI1CPqvBrgcXfgXMFjdNIhBf27ACE2YyeWsWV9ZI7T7RU0vHvbQpu9Z32ogzc+k8ZC5n3kz7h70eWKjgqNdKQF0eRp8mVKlmfzMLBVHbssB9jEZEDXThOX1XFqX7s7ymia1hoHQxQag' +
        'PGzkdWxtlZPZ4ZPvr1RiqkgAu6Is8MZgXXrRoBKqjmSdrP1N7uxzJ/cjfSiis9FiLjuADoqmQ1P7p2N876YPAol7Rn0+GswwAwxldbdLrmVSjfytfSBJFqTMHn4itojgxSWWN1byuckQt8hSTEv/Lg97QoeGniYP17T80pJeQyL3b+295FPHSO2AtvCgyIbKMZ0BALilAA==',
      'Wechatpay-Serial': 'PUB_KEY_ID_0114232204912025080500000000000000',
    };
    const answer = (body: string) => async () => new Response(body, { status: 200, headers: docHeaders });
    const options = (fetchImpl: typeof fetch): WechatPayOptions => ({
      mchid: '1900007291',
      appid: 'wxd678efh567hg6787',
      serialNo: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
      privateKey: WECHAT_DOC_MERCHANT_KEY,
      apiV3Key: '0123456789abcdef0123456789abcdef',
      platformKeys: [{ serial: 'PUB_KEY_ID_0114232204912025080500000000000000', key: createPublicKey(WECHAT_DOC_PUBLIC_KEY) }],
      now: () => 1722850421_000 + 30_000,
      fetch: fetchImpl,
    });
    const order: PayOrder = { orderNo: 'ORDER0001', amountFen: 1, subject: 'test', notifyUrl: 'https://x/n', returnUrl: 'https://x/r', channel: 'wxpay', mode: 'qr' };
    await expect(new WechatPay(options(answer(docBody))).createPayment(order)).resolves.toEqual({ kind: 'qr', qrContent: 'weixin://wxpay/bizpayurl?pr=JyC91EIz1' });
    const altered = docBody.replace('JyC91EIz1', 'JyC91EIz2');
    await expect(new WechatPay(options(answer(altered))).createPayment(order)).rejects.toThrow(/应答验签失败/);
  });

  // No documented key is published for the APIv3 AEAD, so the ciphertext is made here with node's AES-256-GCM directly.
  it('decrypts an AEAD_AES_256_GCM resource and refuses a tampered one', () => {
    const key = 'abcdefghijklmnopqrstuvwxyz012345';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from('fGXcWm5ilCkO'));
    cipher.setAAD(Buffer.from('transaction'));
    const bytes = Buffer.concat([cipher.update('{"out_trade_no":"1"}', 'utf8'), cipher.final(), cipher.getAuthTag()]);
    const resource = { ciphertext: bytes.toString('base64'), nonce: 'fGXcWm5ilCkO', associated_data: 'transaction' };
    expect(decryptWechatResource(resource, key)).toBe('{"out_trade_no":"1"}');
    expect(() => decryptWechatResource({ ...resource, associated_data: 'certificate' }, key)).toThrow();
    const flipped = Buffer.from(bytes);
    flipped[0]! ^= 1;
    expect(() => decryptWechatResource({ ...resource, ciphertext: flipped.toString('base64') }, key)).toThrow();
    expect(() => decryptWechatResource(resource, key.replace('a', 'b'))).toThrow();
  });

  it('reads the serial number of a platform certificate and needs an id for a bare public key', () => {
    const fromCert = wechatPlatformKey(TEST_PLATFORM_CERT);
    expect(fromCert.serial).toBe(TEST_PLATFORM_CERT_SERIAL);
    expect(fromCert.key.export({ type: 'spki', format: 'pem' })).toBe(createPublicKey(TEST_PLATFORM_KEY).export({ type: 'spki', format: 'pem' }));
    expect(() => wechatPlatformKey(WECHAT_DOC_PUBLIC_KEY)).toThrow(/PUB_KEY_ID/);
    expect(wechatPlatformKey(WECHAT_DOC_PUBLIC_KEY, 'PUB_KEY_ID_1').serial).toBe('PUB_KEY_ID_1');
  });
});

// ---- against a local WeChat Pay that checks our signatures as the real one does ----

const MCHID = '1900000109';
const APPID = 'wx8888888888888888';
const MERCHANT_SERIAL = '3775B6A45ACD588826D15E583A95F5DD********'.replace(/\*/g, '0');
const API_V3_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const fake = new FakeWechatPay({ mchid: MCHID, appid: APPID, merchantSerial: MERCHANT_SERIAL, merchantPublicKey: merchant.publicKey, apiV3Key: API_V3_KEY });

let orderSeq = 0;
const newOrder = (over: Partial<PayOrder> = {}): PayOrder => ({
  orderNo: `ZD${Date.now()}${String(++orderSeq).padStart(4, '0')}`,
  amountFen: 1990,
  subject: '月度会员',
  notifyUrl: 'https://example.com/api/pay/notify/wechat',
  returnUrl: 'https://example.com/pay',
  channel: 'wxpay',
  mode: 'qr',
  ...over,
});

function adapter(over: Partial<WechatPayOptions> = {}) {
  return new WechatPay({
    mchid: MCHID,
    appid: APPID,
    serialNo: MERCHANT_SERIAL,
    privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    apiV3Key: API_V3_KEY,
    platformKeys: [{ serial: fake.platformSerial, key: fake.platformPublicKey }],
    apiBase: fake.base,
    ...over,
  });
}

async function rejection(p: Promise<unknown>): Promise<NotificationRejected> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NotificationRejected);
  return err as NotificationRejected;
}

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(() => {
  fake.rejections.length = 0;
});

describe('WechatPay against the local gateway', () => {
  it('creates a Native order and returns its code_url', async () => {
    const order = newOrder();
    const action = await adapter().createPayment(order);
    expect(action).toMatchObject({ kind: 'qr', qrContent: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/) });
    expect(fake.rejections).toEqual([]);
    expect(fake.orders.get(order.orderNo)?.body).toMatchObject({ appid: APPID, mchid: MCHID, amount: { total: 1990, currency: 'CNY' }, description: '月度会员' });
  });

  it('creates a JSAPI order and signs the invoke parameters with the merchant key', async () => {
    const action = await adapter().createPayment(newOrder({ mode: 'jsapi', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }));
    if (action.kind !== 'jsapi') throw new Error(`expected jsapi, got ${action.kind}`);
    const { appId, timeStamp, nonceStr, package: pkg, paySign } = action.params;
    expect(appId).toBe(APPID);
    expect(pkg).toMatch(/^prepay_id=wx/);
    // Checked the way the WeChat client checks it, independently of the adapter's helpers.
    expect(createVerify('sha256').update(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`).verify(merchant.publicKey, paySign, 'base64')).toBe(true);
    await expect(adapter().createPayment(newOrder({ mode: 'jsapi' }))).rejects.toThrow(/openid/);
  });

  it('creates an H5 order and returns to our page afterwards', async () => {
    const action = await adapter().createPayment(newOrder({ mode: 'h5', clientIp: '203.0.113.9' }));
    expect(action.kind).toBe('redirect');
    const url = new URL((action as { url: string }).url);
    expect(url.origin).toBe('https://wx.tenpay.com');
    expect(url.searchParams.get('redirect_url')).toBe('https://example.com/pay');
  });

  it('is refused by the gateway when signing with the wrong key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const err = await adapter({ privateKey: other })
      .createPayment(newOrder())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PayRequestError);
    expect((err as PayRequestError).providerCode).toBe('SIGN_ERROR');
    expect(fake.rejections).toEqual(['SIGN_ERROR: 签名错误']);
  });

  it('passes on the gateway’s parameter errors', async () => {
    const err = (await adapter()
      .createPayment(newOrder({ notifyUrl: 'http://example.com/notify' }))
      .catch((e: unknown) => e)) as PayRequestError;
    expect(err).toBeInstanceOf(PayRequestError);
    expect(err.providerCode).toBe('PARAM_ERROR');
    expect(err.message).toMatch(/notify_url/);
  });

  it('does not trust an answer that the platform did not sign', async () => {
    const impostor = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    await expect(adapter({ platformKeys: [{ serial: fake.platformSerial, key: impostor }] }).createPayment(newOrder())).rejects.toThrow(/应答验签失败/);
    await expect(adapter({ platformKeys: [{ serial: 'ANOTHER', key: fake.platformPublicKey }] }).createPayment(newOrder())).rejects.toThrow(/应答验签失败/);
  });

  it('queries an order: unknown, unpaid, then paid', async () => {
    const pay = adapter();
    await expect(pay.queryOrder('NOSUCHORDER01')).resolves.toBeNull();
    const order = newOrder();
    await pay.createPayment(order);
    await expect(pay.queryOrder(order.orderNo)).resolves.toEqual({ orderNo: order.orderNo, gatewayTradeNo: '', amountFen: 1990, paid: false, gatewayStatus: 'NOTPAY' });
    fake.pay(order.orderNo);
    await expect(pay.queryOrder(order.orderNo)).resolves.toMatchObject({ paid: true, gatewayStatus: 'SUCCESS', amountFen: 1990, gatewayTradeNo: expect.stringMatching(/^42000/) });
  });
});

describe('WechatPay notifications', () => {
  let order: PayOrder;
  beforeAll(async () => {
    order = newOrder({ amountFen: 2990 });
    await adapter().createPayment(order);
  });

  it('accepts a paid notification', async () => {
    const result = await adapter().verifyNotification(fake.notification(order.orderNo));
    expect(result).toEqual({
      orderNo: order.orderNo,
      gatewayTradeNo: fake.orders.get(order.orderNo)!.transactionId,
      amountFen: 2990,
      paid: true,
      gatewayStatus: 'SUCCESS',
    });
  });

  it('takes the body as bytes too', async () => {
    const n = fake.notification(order.orderNo);
    await expect(adapter().verifyNotification({ ...n, rawBody: Buffer.from(n.rawBody as string, 'utf8') })).resolves.toMatchObject({ paid: true });
  });

  it('reports a closed trade as not paid', async () => {
    await expect(adapter().verifyNotification(fake.notification(order.orderNo, { tradeState: 'CLOSED' }))).resolves.toMatchObject({
      paid: false,
      gatewayStatus: 'CLOSED',
    });
  });

  it('rejects a notification signed with another key', async () => {
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect((await rejection(adapter().verifyNotification(fake.notification(order.orderNo, { key: forger })))).reason).toBe('signature');
  });

  it('rejects a tampered amount: the body no longer matches the signature', async () => {
    const genuine = fake.notification(order.orderNo);
    const richer = fake.notification(order.orderNo, { amountFen: 1 });
    const tampered: NotificationRequest = { ...genuine, rawBody: richer.rawBody };
    expect((await rejection(adapter().verifyNotification(tampered))).reason).toBe('signature');
    // A body edited in place (one character of the ciphertext) fails the same way.
    const edited = (genuine.rawBody as string).replace(/"ciphertext":"(.)/, (_m, c: string) => `"ciphertext":"${c === 'A' ? 'B' : 'A'}`);
    expect((await rejection(adapter().verifyNotification({ ...genuine, rawBody: edited }))).reason).toBe('signature');
  });

  it('rejects a stale timestamp (more than 5 minutes off)', async () => {
    const old = Math.floor(Date.now() / 1000) - 301;
    expect((await rejection(adapter().verifyNotification(fake.notification(order.orderNo, { timestamp: old })))).reason).toBe('stale');
    const fine = Math.floor(Date.now() / 1000) - 200;
    await expect(adapter().verifyNotification(fake.notification(order.orderNo, { timestamp: fine }))).resolves.toMatchObject({ paid: true });
  });

  it('rejects an unknown Wechatpay-Serial', async () => {
    const err = await rejection(adapter().verifyNotification(fake.notification(order.orderNo, { serial: 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF' })));
    expect(err.reason).toBe('signature');
    expect(err.message).toMatch(/序列号/);
  });

  it('rejects missing signature headers and a resource it cannot decrypt', async () => {
    const n = fake.notification(order.orderNo);
    const { 'wechatpay-signature': _dropped, ...headers } = n.headers;
    expect((await rejection(adapter().verifyNotification({ ...n, headers }))).reason).toBe('format');
    const otherKey = fake.notification(order.orderNo, { apiV3Key: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' });
    expect((await rejection(adapter().verifyNotification(otherKey))).reason).toBe('signature');
  });

  it('rejects a genuine notification for another merchant', async () => {
    expect((await rejection(adapter().verifyNotification(fake.notification(order.orderNo, { mchid: '1900000999' })))).reason).toBe('mismatch');
  });

  it('verifies with a platform certificate selected by its serial', async () => {
    const pay = adapter({ platformKeys: [{ serial: fake.platformSerial, key: fake.platformPublicKey }, wechatPlatformKey(TEST_PLATFORM_CERT)] });
    const n = fake.notification(order.orderNo, { key: createPrivateKey(TEST_PLATFORM_KEY), serial: TEST_PLATFORM_CERT_SERIAL });
    await expect(pay.verifyNotification(n)).resolves.toMatchObject({ paid: true });
    // The same signature presented under the other serial does not verify.
    const swapped = { ...n, headers: { ...n.headers, 'wechatpay-serial': fake.platformSerial } };
    expect((await rejection(pay.verifyNotification(swapped))).reason).toBe('signature');
  });

  it('answers in the format WeChat Pay expects', () => {
    expect(adapter().notificationAck(true)).toEqual({ status: 200, contentType: 'application/json; charset=utf-8', body: '{"code":"SUCCESS","message":"成功"}' });
    const fail = adapter().notificationAck(false, '订单金额不符');
    expect(fail.status).toBeGreaterThanOrEqual(400);
    expect(fail.status).toBeLessThan(500);
    expect(JSON.parse(fail.body)).toEqual({ code: 'FAIL', message: '订单金额不符' });
  });
});

describe('WeChat Pay platform certificates: download, rotation, unknown serials', () => {
  const gw = new FakeWechatPay({ mchid: MCHID, appid: APPID, merchantSerial: MERCHANT_SERIAL, merchantPublicKey: merchant.publicKey, apiV3Key: API_V3_KEY });
  const cert1 = { serial: TEST_PLATFORM_CERT_SERIAL, pem: TEST_PLATFORM_CERT, privateKey: createPrivateKey(TEST_PLATFORM_KEY) };
  const cert2 = { serial: TEST_PLATFORM_CERT_2_SERIAL, pem: TEST_PLATFORM_CERT_2, privateKey: createPrivateKey(TEST_PLATFORM_KEY_2) };
  let offset = 0;
  const logs: string[] = [];
  let pay: WechatPay;
  beforeAll(async () => {
    await gw.start();
    gw.rotateTo(cert1);
    gw.publishCertificates([cert1]);
    pay = new WechatPay({
      mchid: MCHID,
      appid: APPID,
      serialNo: MERCHANT_SERIAL,
      privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      apiV3Key: API_V3_KEY,
      platformKeys: [wechatPlatformKey(TEST_PLATFORM_CERT)],
      apiBase: gw.base,
      now: () => Date.now() + offset,
      log: { info: (m) => void logs.push(m), warn: (m) => void logs.push(`WARN ${m}`) },
    });
  });
  afterAll(() => gw.stop());

  it('downloads, decrypts and verifies the certificate list, and logs the trusted serials', async () => {
    await pay.refreshCertificates();
    expect(gw.certificateDownloads).toBe(1);
    expect(pay.trustedSerials()).toEqual([TEST_PLATFORM_CERT_SERIAL]);
    expect(logs.at(-1)).toBe(`WeChat Pay platform serials trusted: ${TEST_PLATFORM_CERT_SERIAL}`);
  });

  it('accepts a notification signed with a new serial after one refresh (rotation)', async () => {
    offset += 61_000;
    gw.publishCertificates([cert1, cert2]);
    gw.rotateTo(cert2);
    const n = gw.notification('ZD20261125000001', { amountFen: 990 });
    expect(n.headers['wechatpay-serial']).toBe(TEST_PLATFORM_CERT_2_SERIAL);
    await expect(pay.verifyNotification(n)).resolves.toMatchObject({ paid: true, amountFen: 990 });
    expect(gw.certificateDownloads).toBe(2);
    expect(pay.trustedSerials().sort()).toEqual([TEST_PLATFORM_CERT_SERIAL, TEST_PLATFORM_CERT_2_SERIAL].sort());
    expect(logs.at(-1)).toContain(TEST_PLATFORM_CERT_2_SERIAL);
  });

  it('an unknown serial triggers one refresh, then is refused; a flood of them does not refresh again', async () => {
    offset += 61_000;
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const n = gw.notification('ZD20261125000002', { serial: 'ABCDEF0123456789', key: forger });
    expect((await rejection(pay.verifyNotification(n))).reason).toBe('signature');
    expect(gw.certificateDownloads).toBe(3);
    for (let i = 0; i < 5; i++) expect((await rejection(pay.verifyNotification(n))).reason).toBe('signature');
    expect(gw.certificateDownloads).toBe(3);
  });

  it('keeps its keys when the list cannot be decrypted with the APIv3 key', async () => {
    const other = new FakeWechatPay({ mchid: MCHID, appid: APPID, merchantSerial: MERCHANT_SERIAL, merchantPublicKey: merchant.publicKey, apiV3Key: 'z'.repeat(32) });
    await other.start();
    try {
      other.rotateTo(cert1);
      other.publishCertificates([cert1, cert2]);
      const p = new WechatPay({
        mchid: MCHID,
        appid: APPID,
        serialNo: MERCHANT_SERIAL,
        privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        apiV3Key: API_V3_KEY,
        platformKeys: [wechatPlatformKey(TEST_PLATFORM_CERT)],
        apiBase: other.base,
        log: { info: (m) => void logs.push(m), warn: (m) => void logs.push(`WARN ${m}`) },
      });
      await p.refreshCertificates();
      expect(p.trustedSerials()).toEqual([TEST_PLATFORM_CERT_SERIAL]);
      expect(logs.at(-1)).toMatch(/^WARN WeChat Pay platform certificates not refreshed/);
    } finally {
      await other.stop();
    }
  });
});
