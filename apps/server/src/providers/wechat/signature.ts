import { createHash, timingSafeEqual } from 'node:crypto';

/** How far a push's timestamp may be from our clock before it is treated as a replay. */
const MAX_SKEW_SECONDS = 5 * 60;

/** WeChat's push signature: sha1 hex of [token, timestamp, nonce] sorted and joined without separators. */
export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  const joined = [token, timestamp, nonce].sort().join('');
  return createHash('sha1').update(joined, 'utf8').digest('hex');
}

export interface SignedPush {
  signature: string;
  timestamp: string;
  nonce: string;
}

/** True when the push is signed with `token` and its timestamp is within 5 minutes of `nowMs`. */
export function verifyWechatSignature(token: string, push: SignedPush, nowMs: number): boolean {
  const { signature, timestamp, nonce } = push;
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || typeof nonce !== 'string') return false;
  if (!/^\d{1,12}$/.test(timestamp) || nonce.length > 128) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
  if (!/^[0-9a-f]{40}$/i.test(signature)) return false;
  const expected = Buffer.from(wechatSignature(token, timestamp, nonce), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
