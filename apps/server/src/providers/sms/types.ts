/** Sends one-time login codes. Adapters: console (default, logs the code), aliyun, tencent. */
export interface SmsProvider {
  readonly name: 'console' | 'aliyun' | 'tencent';
  /** Sends `code` to a mainland mobile number (11 digits, no country code). Throws SmsSendError on failure. */
  sendCode(mobile: string, code: string): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    /** The gateway's own error code, when it gave one. */
    public readonly providerCode?: string,
  ) {
    super(message);
  }
}
