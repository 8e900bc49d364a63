import { hash, verify, type Options } from '@node-rs/argon2';
import type { KvStore } from '../../core/kv.ts';
import { tooMany } from '../../core/errors.ts';

/** How long a username stays locked after too many failures. */
export const USERNAME_LOCK_SECONDS = 15 * 60;
export const USERNAME_LOCKED_MESSAGE = '密码错误次数过多，该账号已临时锁定，请15分钟后再试或使用验证码登录';
export const GLOBAL_LOCKED_MESSAGE = '登录尝试过于频繁，请稍后再试';

/** argon2 verifications running at once; the rest wait in line, so requests of other kinds stay quick. */
const ARGON_CONCURRENCY = 2;
/** A line longer than this is refused at once rather than queued for seconds. */
const ARGON_QUEUE_MAX = 64;

let running = 0;
let peak = 0;
const waiting: (() => void)[] = [];

/** Runs one argon2 job in the pool: at most ARGON_CONCURRENCY at once, a bounded queue behind, 429 beyond it. */
async function inPool<T>(job: () => Promise<T>): Promise<T> {
  if (running >= ARGON_CONCURRENCY) {
    if (waiting.length >= ARGON_QUEUE_MAX) throw tooMany(GLOBAL_LOCKED_MESSAGE);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  peak = Math.max(peak, running);
  try {
    return await job();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** argon2 verify through the pool. */
export function verifyPasswordLimited(hashed: string, password: string): Promise<boolean> {
  return inPool(() => verify(hashed, password).catch(() => false));
}

/** argon2 hash (registration, password change) through the same pool. */
export function hashPasswordLimited(password: string, options: Options): Promise<string> {
  return inPool(() => hash(password, options));
}

/** For tests: the most argon2 jobs that ran at once, and reset. */
export function argonPeak(reset = false) {
  const p = peak;
  if (reset) peak = 0;
  return p;
}

export interface FailLimits {
  perUsername: number;
  globalPerMinute: number;
}

const userKey = (username: string) => `login-fail-user:${username.toLowerCase()}`;
const GLOBAL_KEY = 'login-fail-global';

/**
 * Failed password logins counted per username (across all client addresses) and across all
 * accounts, in the shared KvStore (memory or Redis), so spraying one password over many accounts
 * or many passwords over one account from many addresses both stop.
 */
export class PasswordGuard {
  constructor(
    private kv: KvStore,
    private limits: FailLimits,
  ) {}

  /** Throws the lock-out message when this username or the whole site is over its failure limit. */
  async check(username: string) {
    const [user, all] = await Promise.all([this.kv.get(`rl:${userKey(username)}`), this.kv.get(`rl:${GLOBAL_KEY}`)]);
    if (Number(user ?? 0) >= this.limits.perUsername) throw tooMany(USERNAME_LOCKED_MESSAGE);
    if (Number(all ?? 0) >= this.limits.globalPerMinute) throw tooMany(GLOBAL_LOCKED_MESSAGE);
  }

  async failed(username: string) {
    await Promise.all([this.kv.incr(`rl:${userKey(username)}`, USERNAME_LOCK_SECONDS), this.kv.incr(`rl:${GLOBAL_KEY}`, 60)]);
  }

  async succeeded(username: string) {
    await this.kv.del(`rl:${userKey(username)}`);
  }
}
