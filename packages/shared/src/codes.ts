/** Reply codes (SPEC §8). `code` 200 is success; HTTP status mirrors only 400/401/404/429/500. */
export const Code = {
  OK: 200,
  /** Wechat QR login: not scanned yet, keep polling. */
  PENDING: 202,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
  /** Bad or expired token: the web app drops it and asks to log in again. */
  TOKEN_INVALID: 403000,
  /** 408xxx: not enough balance — the web app opens the purchase dialog. */
  BALANCE_MODEL3: 408001,
  BALANCE_MODEL4: 408002,
  BALANCE_DRAW: 408003,
  /** Chat upstream failures (SSE `error` events): busy / failed / unavailable / timed out. */
  CHAT_RATE_LIMITED: 429001,
  CHAT_UPSTREAM: 502001,
  CHAT_UNAVAILABLE: 503001,
  CHAT_TIMEOUT: 504001,
  /** 508xxx: no slide quota — the web app opens the ppt dialog. */
  PPT_QUOTA: 508001,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/** /api/order/pay-result: the order is paid (SPEC §4.5); it answers PENDING (202) while waiting. */
export const PAY_RESULT_PAID = 3;

export const isBalanceCode = (code: number) => code >= 408000 && code <= 408999;
export const isPptQuotaCode = (code: number) => code >= 508000 && code <= 508999;

export interface ApiReply<T = unknown> {
  code: number;
  message: string;
  success: boolean;
  data: T;
}
