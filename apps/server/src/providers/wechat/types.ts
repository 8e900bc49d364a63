/** A user scanned a login scene QR (or followed the account through it). */
export interface WechatScanEvent {
  openid: string;
  sceneStr: string;
  event: 'subscribe' | 'SCAN';
  /** The account's own id (ToUserName), needed to answer the push. */
  accountId: string;
}

/**
 * The official-account (公众号) side of WeChat login.
 * Adapters: `dev` (default; a local page plays the phone) and `official` (the real API).
 */
export interface WechatProvider {
  readonly name: 'dev' | 'official' | 'none';
  /**
   * Creates a temporary QR for a login scene. `content` is what the QR encodes, or an
   * image URL when `isImage` is true (the official API returns a ticket whose image is hosted by WeChat).
   */
  createSceneQr(sceneStr: string, expireSeconds: number): Promise<{ content: string; isImage: boolean }>;
  /** Checks a push from the platform: sha1 of the sorted [token, timestamp, nonce] equals signature. */
  verifySignature(params: { signature: string; timestamp: string; nonce: string }): boolean;
  /** Parses a pushed XML message; returns the scan when it is a login-scene scan or subscribe, else null. */
  parseScanEvent(xml: string): WechatScanEvent | null;
  /** The passive text reply to a push, in the platform's XML format. */
  textReply(event: WechatScanEvent, text: string, nowSeconds: number): string;
  /** The OAuth authorize URL for a silent (snsapi_base) login inside the WeChat browser. */
  oauthAuthorizeUrl(redirectUri: string, state: string): string;
  /** Exchanges the OAuth `code` for the visitor's openid. Throws on a bad or used code. */
  exchangeOauthCode(code: string): Promise<{ openid: string; unionid?: string }>;
}
