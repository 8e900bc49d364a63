import type { SmsProvider } from './types.ts';

export interface SmsLogger {
  info(obj: object, msg: string): void;
}

/** The zero-config adapter: writes the code to the server log instead of sending it. */
export class ConsoleSms implements SmsProvider {
  readonly name = 'console' as const;
  /** The last code per number, for the browser tests and the dev hint. */
  readonly lastCodes = new Map<string, string>();

  constructor(private log: SmsLogger) {}

  async sendCode(mobile: string, code: string) {
    this.lastCodes.set(mobile, code);
    this.log.info({ mobile, code }, `[console SMS] 验证码 ${code} -> ${mobile}`);
  }
}
