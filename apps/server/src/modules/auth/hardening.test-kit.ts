/** Test-only helpers for hardening.test.ts. */
export { DEV_WECHAT_TOKEN } from '../../providers/wechat/dev.ts';
export { wechatSignature as wechatSignatureForTest } from '../../providers/wechat/signature.ts';
