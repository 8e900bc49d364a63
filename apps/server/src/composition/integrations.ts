import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { IntegrationGroupId } from '@app/shared';
import { demoModeOf, type Env } from '../config.ts';
import type { Db } from '../db/client.ts';
import { integrationSettings } from '../db/schema/index.ts';
import { createPayProviders, SandboxPay, type PayProviders } from '../providers/pay/index.ts';
import { createSmsProvider } from '../providers/sms/index.ts';
import type { SmsProvider } from '../providers/sms/types.ts';
import { createStorageProvider } from '../providers/storage/index.ts';
import type { StorageProvider } from '../providers/storage/types.ts';
import { createWechatProvider, NoWechat, type WechatProvider } from '../providers/wechat/index.ts';
import type { AppContext } from '../core/context.ts';
import { badRequest } from '../core/errors.ts';
import { ALL_FIELDS, internalUrlMessage, kindOf, SETTING_LABEL, type IntegrationKind as Kind } from '../core/integration-fields.ts';
import { guardedFetch, internalAddressOf, resolveWithDns, type ConnectGuard, type HostResolver } from '../core/safe-fetch.ts';
import { createSecretBox, type SecretBox } from '../core/secret-box.ts';

/** Published after a change of the console's integration settings: every instance rebuilds its providers. */
export const INTEGRATIONS_CHANGED = 'integrations:changed';

/** The providers one instance uses now; rebuilt from the environment plus the console's settings. */
export interface LiveProviders {
  sms: SmsProvider;
  wechat: WechatProvider;
  storage: StorageProvider;
  pay: PayProviders;
}

const KINDS: readonly Kind[] = ['sms', 'wechat', 'storage', 'pay'];

/** The payment gateways of the settings; the sandbox follows the app clock (tests move it). `doFetch`: how the gateways are called. */
export function buildPay(ctx: Pick<AppContext, 'config' | 'clock' | 'log'>, env: Env, sandbox?: SandboxPay, doFetch?: typeof fetch): PayProviders {
  const log = { info: (m: string) => ctx.log.info(m), warn: (m: string) => ctx.log.warn(m) };
  const providers = createPayProviders(env, ctx.config.publicUrl, { log, fetch: doFetch });
  providers.sandbox =
    sandbox ?? new SandboxPay({ publicUrl: ctx.config.publicUrl, secret: env.PAY_SANDBOX_SECRET?.trim() || undefined, now: () => ctx.clock.now() });
  return providers;
}

/** What the pay providers say at start or after a change (trusted serials, a missing seller id) and the certificate download. */
export function announcePay(ctx: Pick<AppContext, 'log'>, pay: PayProviders, env: Env) {
  if (pay.wechat) {
    ctx.log.info(`WeChat Pay platform serials trusted (configured): ${pay.wechat.trustedSerials().join(', ')}`);
    void pay.wechat.refreshCertificates();
  }
  if (pay.alipay && !env.ALIPAY_SELLER_ID?.trim()) {
    ctx.log.warn('ALIPAY_SELLER_ID is not set: Alipay notifications are not checked against the merchant (seller_id)');
  }
}

/** `host:port` of each URL the environment sets for an integration or the models: the operator's own choices. */
function environmentHosts(env: Env): string[] {
  const hosts: string[] = [];
  for (const key of [...[...ALL_FIELDS.values()].filter((f) => f.kind === 'url').map((f) => f.key), 'OPENAI_BASE_URL']) {
    const value = (env as Record<string, unknown>)[key];
    if (typeof value !== 'string' || !value.trim()) continue;
    try {
      const u = new URL(value.trim());
      hosts.push(`${u.hostname.replace(/^\[|\]$/g, '')}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`);
    } catch {
      // not a URL: nothing to trust
    }
  }
  return hosts;
}

/**
 * The integration settings of the admin console over the environment. The environment stays the
 * default; a setting stored here wins. At start and after every change (on any instance, through
 * the KvStore's publish) the providers are rebuilt and swapped into the context, which every module
 * reads at call time: no restart.
 */
export class Integrations {
  /** The console's settings in clear (in memory only). */
  private overrides = new Map<string, string>();
  /** Per group: why its stored settings are not in use (cannot be opened, or no longer make a valid setup). */
  private errors = new Map<IntegrationGroupId, string>();
  private readonly base: LiveProviders;
  /** Demo mode as started: the console can turn it off (a real gateway configured), never on. */
  readonly startDemo: boolean;
  #box: SecretBox | null = null;
  private chain: Promise<void> = Promise.resolve();
  /** The settings each live provider was built from: an unchanged kind keeps its instance (and its caches). */
  private built = new Map<Kind, string>();
  private readonly listeners: (() => void)[] = [];
  /** How names of console URLs resolve, at save and at connect (tests put in one that answers what they need). */
  resolveHost: HostResolver = resolveWithDns;
  /**
   * What providers built from console settings may connect to: public addresses, and the hosts the
   * operator trusts (SAFE_FETCH_ALLOW_HOSTS, and those the environment's own URLs name).
   */
  readonly guard: ConnectGuard;
  /** fetch under `guard`, for every provider built here and for the console's tests. */
  readonly fetch: typeof fetch;
  private readonly literalGuards = new Map<string, ConnectGuard>();

  constructor(private readonly ctx: AppContext) {
    this.base = { sms: ctx.sms, wechat: ctx.wechat, storage: ctx.storage, pay: ctx.pay };
    this.startDemo = ctx.config.demo;
    const allowHosts = [
      ...(ctx.config.env.SAFE_FETCH_ALLOW_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
      ...environmentHosts(ctx.config.env),
    ];
    this.guard = { allowHosts, resolve: (host, options) => this.resolveHost(host, options) };
    this.fetch = guardedFetch(this.guard);
  }

  /**
   * Refuses (a 400 naming the setting) a URL saved in the console whose host is, or resolves to, an
   * address that is not public, unless the operator trusts that host.
   */
  async checkConsoleUrl(label: string, url: string): Promise<void> {
    if (await internalAddressOf(url, this.guard)) throw badRequest(internalUrlMessage(label));
  }

  /**
   * The guard of a model's upstream at `baseUrl`. A base that is a literal address was checked when
   * an administrator saved it and cannot be re-pointed, so it is reached as saved; a name goes
   * through the checked lookup every time, and so does every redirect.
   */
  guardFor(baseUrl: string): ConnectGuard {
    let host: string;
    try {
      const u = new URL(baseUrl);
      if (!isIP(u.hostname.replace(/^\[|\]$/g, ''))) return this.guard;
      host = `${u.hostname.replace(/^\[|\]$/g, '')}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
    } catch {
      return this.guard;
    }
    let guard = this.literalGuards.get(host);
    if (!guard) this.literalGuards.set(host, (guard = { ...this.guard, allowHosts: [...this.guard.allowHosts, host] }));
    return guard;
  }

  /** The secrets key, read when first needed (a fresh site's key file is then made by the models module, which says so in the log). */
  get box(): SecretBox {
    this.#box ??= createSecretBox(this.ctx.config.env, resolve(this.ctx.config.dataDir)).box;
    return this.#box;
  }

  /** The console's value of a setting (clear), if it has one. */
  override(key: string): string | undefined {
    return this.overrides.get(key);
  }

  error(group: IntegrationGroupId): string | null {
    return this.errors.get(group) ?? null;
  }

  /** The environment with the console's settings over it (`overrides` to try a change before storing it). */
  effectiveEnv(overrides: ReadonlyMap<string, string> = this.overrides): Env {
    const env: Record<string, unknown> = { ...this.ctx.config.env };
    for (const [key, value] of overrides) env[key] = key === 'S3_FORCE_PATH_STYLE' ? value === '1' : value;
    return env as Env;
  }

  /** Demo mode for these settings: as started, turned off once a real login or gateway is configured (unless DEMO_MODE decides). */
  demoFor(env: Env): boolean {
    return this.startDemo && demoModeOf(env);
  }

  /** Builds one kind of provider from `env`; throws when the settings do not make a working setup. */
  build(kind: Kind, env: Env): LiveProviders[Kind] {
    switch (kind) {
      case 'sms': {
        const sms = createSmsProvider(env, this.ctx.log, this.fetch);
        return sms.name === 'console' && this.base.sms.name === 'console' ? this.base.sms : sms;
      }
      case 'wechat': {
        const demo = this.demoFor(env);
        const wechat = createWechatProvider(env, this.ctx.config.publicUrl, demo, this.fetch);
        return wechat.name === 'dev' && this.base.wechat.name === 'dev' ? this.base.wechat : wechat;
      }
      case 'storage': {
        const storage = createStorageProvider({ ...this.ctx.config, env }, this.fetch);
        return storage.name === 'local' && this.base.storage.name === 'local' ? this.base.storage : storage;
      }
      case 'pay':
        return buildPay(this.ctx, env, this.base.pay.sandbox, this.fetch);
    }
  }

  /** The payment gateways `env` makes, with the live sandbox (the console's test of a sandbox setting). */
  payFor(env: Env): PayProviders {
    return buildPay(this.ctx, env, this.ctx.pay.sandbox);
  }

  /** True when some setting of `kind` is set in the console. */
  private touched(kind: Kind, overrides: ReadonlyMap<string, string>) {
    for (const key of overrides.keys()) if (kindOf(ALL_FIELDS.get(key)!.group) === kind) return true;
    return false;
  }

  /** Reads the stored settings (sealed ones opened); a value that cannot be opened is left out and its group flagged. */
  private async load(db: Db) {
    const rows = await db.select().from(integrationSettings);
    const overrides = new Map<string, string>();
    const errors = new Map<IntegrationGroupId, string>();
    for (const r of rows) {
      const def = ALL_FIELDS.get(r.name);
      if (!def) continue;
      if (!r.sealed) {
        overrides.set(r.name, r.value);
        continue;
      }
      try {
        overrides.set(r.name, this.box.open(r.value, SETTING_LABEL));
      } catch {
        errors.set(def.group, `${r.name} 无法解密（SECRETS_KEY 与保存时不同？），该组使用环境变量`);
      }
    }
    return { overrides, errors };
  }

  private fingerprint(kind: Kind, env: Env, demo: boolean) {
    const keys = [...ALL_FIELDS.values()].filter((f) => kindOf(f.group) === kind).map((f) => f.key);
    return JSON.stringify([demo, ...keys.map((k) => (env as Record<string, unknown>)[k] ?? null)]);
  }

  /** Loads the settings and swaps the rebuilt providers into the context; runs one at a time, in order. */
  refresh(): Promise<void> {
    const run = this.chain.then(() => this.apply());
    this.chain = run.catch(() => {});
    return run;
  }

  private async apply() {
    const { overrides, errors } = await this.load(this.ctx.db);
    // A group whose value could not be opened keeps the environment entirely (half a setup is worse).
    for (const group of errors.keys()) for (const [key] of overrides) if (ALL_FIELDS.get(key)!.group === group) overrides.delete(key);
    const env = this.effectiveEnv(overrides);
    const next: LiveProviders = { ...this.base };
    const demo = this.demoFor(env);
    for (const kind of KINDS) {
      if (!this.touched(kind, overrides)) {
        this.built.delete(kind);
        continue;
      }
      const print = this.fingerprint(kind, env, demo);
      if (this.built.get(kind) === print) {
        (next as unknown as Record<Kind, unknown>)[kind] = this.ctx[kind];
        continue;
      }
      try {
        (next as unknown as Record<Kind, unknown>)[kind] = this.build(kind, env);
        this.built.set(kind, print);
      } catch (e) {
        const group = [...overrides.keys()].map((k) => ALL_FIELDS.get(k)!.group).find((g) => kindOf(g) === kind)!;
        errors.set(group, `设置无效，使用环境变量：${(e as Error).message}`);
        this.built.delete(kind);
        this.ctx.log.error({ kind, reason: (e as Error).message }, 'integrations: the console settings cannot be applied; the environment is used');
      }
    }
    // Without a real account and out of demo mode there is no WeChat login (the simulator only runs in demo mode).
    if (next.wechat.name === 'dev' && !demo) next.wechat = new NoWechat();
    const payChanged = next.pay !== this.ctx.pay;
    this.overrides = overrides;
    this.errors = errors;
    Object.assign(this.ctx, next);
    this.ctx.config.demo = demo;
    if (payChanged && next.pay !== this.base.pay) announcePay(this.ctx, next.pay, env);
    for (const fn of this.listeners) fn();
  }

  /** Called after every refresh (the config module drops its cached replies). */
  onChange(fn: () => void) {
    this.listeners.push(fn);
  }

  /** After a change here: rebuild at once, and tell every other instance to. */
  async changed() {
    await this.refresh();
    await this.ctx.kv.publish(INTEGRATIONS_CHANGED, String(this.ctx.clock.now()));
  }

  /** Rebuilds whenever any instance publishes a change; returns the unsubscribe. */
  listen() {
    return this.ctx.kv.subscribe(INTEGRATIONS_CHANGED, () => {
      this.refresh().catch((e: unknown) => this.ctx.log.error({ reason: (e as Error).message }, 'integrations: refresh failed'));
    });
  }
}
