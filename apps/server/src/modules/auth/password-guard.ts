import { hash, verify, type Options } from '@node-rs/argon2';
import type { KvStore } from '../../core/kv.ts';
import { tooMany } from '../../core/errors.ts';
import { parseV6 } from '../../core/safe-fetch.ts';

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
  /** Failures per client address per ADDRESS_WINDOW_SECONDS. */
  perAddress: number;
  globalPerMinute: number;
}

/** The window of the per-address failure count. */
export const ADDRESS_WINDOW_SECONDS = 15 * 60;
export const ADDRESS_LOCKED_MESSAGE = '当前网络登录失败次数过多，请15分钟后再试';
/**
 * While the whole site is over its failures per minute, an address with this many failures of its
 * own is refused; one with fewer (a person who mistyped once or twice) still gets to try.
 */
export const OVERLOAD_FAILS_PER_ADDRESS = 3;

const userKey = (username: string) => `rl:login-fail-user:${username.toLowerCase()}`;
const GLOBAL_KEY = 'rl:login-fail-global';

/**
 * The address a failure is counted against: an IPv4 address as it is (also when written as
 * IPv4-mapped IPv6), an IPv6 address by its /64, the block one subscriber usually holds whole.
 */
export function failureAddress(ip: string): string {
  if (!ip.includes(':')) return ip;
  const g = parseV6(ip);
  if (!g) return ip;
  if (g.slice(0, 5).every((v) => v === 0) && g[5] === 0xffff) return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  return `${g
    .slice(0, 4)
    .map((v) => v.toString(16))
    .join(':')}::/64`;
}

/** How long an attempt may count as in flight (far longer than a verification takes). */
const IN_FLIGHT_SECONDS = 60;

/** One admitted password attempt, counted as in flight for its address until it is known how it went. */
export interface LoginAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
  /** Neither: the attempt did not get to a verdict (an error). */
  abandoned(): Promise<void>;
}

/**
 * Failed password logins counted per username (across all addresses), per client address (across
 * all usernames) and across the whole site, in the shared KvStore (memory or Redis), so many
 * passwords against one account from many addresses and one address spraying many accounts both
 * stop. The site-wide count only ever refuses addresses that keep failing themselves: a correct
 * password from anywhere else still logs in while someone else floods the site.
 */
export class PasswordGuard {
  constructor(
    private kv: KvStore,
    private limits: FailLimits,
  ) {}

  /** Throws the lock-out message when this attempt may not run; otherwise counts it as in flight for its address. */
  async admit(username: string, ip: string): Promise<LoginAttempt> {
    const address = failureAddress(ip);
    const failedKey = `rl:login-fail-ip:${address}`;
    const inFlightKey = `login-pending-ip:${address}`;
    const [userFails, addressFails, siteFails] = (await Promise.all([this.kv.get(userKey(username)), this.kv.get(failedKey), this.kv.get(GLOBAL_KEY)])).map((v) => Number(v ?? 0));
    if (userFails! >= this.limits.perUsername) throw tooMany(USERNAME_LOCKED_MESSAGE);
    // Attempts still being verified count as failures-to-be, so a burst of concurrent attempts
    // cannot all pass before the first of them is counted. A separate short-lived counter, because
    // giving a slot back must not restart the failures' window (a busy office would never cool down).
    const inFlight = await this.kv.incr(inFlightKey, IN_FLIGHT_SECONDS);
    const release = async () => {
      // Below zero only when the counter lapsed while this attempt ran.
      if ((await this.kv.add(inFlightKey, -1, IN_FLIGHT_SECONDS)) < 0) await this.kv.del(inFlightKey);
    };
    const worst = addressFails! + inFlight;
    let refusal: string | null = null;
    if (worst > this.limits.perAddress) refusal = ADDRESS_LOCKED_MESSAGE;
    else if (siteFails! >= this.limits.globalPerMinute && worst > OVERLOAD_FAILS_PER_ADDRESS) refusal = GLOBAL_LOCKED_MESSAGE;
    if (refusal) {
      await release();
      throw tooMany(refusal);
    }
    return {
      failed: async () => {
        await Promise.all([this.kv.incr(failedKey, ADDRESS_WINDOW_SECONDS), this.kv.incr(userKey(username), USERNAME_LOCK_SECONDS), this.kv.incr(GLOBAL_KEY, 60)]);
        await release();
      },
      succeeded: async () => {
        await Promise.all([this.kv.del(userKey(username)), release()]);
      },
      abandoned: release,
    };
  }
}
