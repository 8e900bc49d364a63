import { randomToken } from '../../core/ids.ts';

/** `chat/<user>/<yyyymm>/<random>.<ext>`: the user id in the key is how chat/create checks ownership. */
export function imageKey(userId: number, nowMs: number, ext: string) {
  const d = new Date(nowMs);
  const month = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  return `chat/${userId}/${month}/${randomToken(16)}.${ext}`;
}

