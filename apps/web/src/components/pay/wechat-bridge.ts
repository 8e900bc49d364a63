import type { PayQrcodeReply } from '@app/shared';

type JsapiParams = NonNullable<PayQrcodeReply['jsapi']>;
interface Bridge {
  invoke(name: string, params: JsapiParams, done: (res: { err_msg?: string }) => void): void;
}

/** Opens WeChat's own payment sheet (JSAPI) inside the WeChat browser; resolves true when paid. */
export function invokeWechatPay(params: JsapiParams): Promise<boolean> {
  return new Promise((resolve) => {
    const call = () => {
      const bridge = (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge;
      if (!bridge) return resolve(false);
      bridge.invoke('getBrandWCPayRequest', params, (res) => resolve(res?.err_msg === 'get_brand_wcpay_request:ok'));
    };
    if ((window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge) call();
    else document.addEventListener('WeixinJSBridgeReady', call, { once: true });
  });
}
