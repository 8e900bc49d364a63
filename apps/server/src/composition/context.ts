import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Clock } from '../core/clock.ts';
import type { AppContext } from '../core/context.ts';
import type { KvStore } from '../core/kv.ts';
import type { Database } from '../db/client.ts';
import type { PayProviders } from '../providers/pay/index.ts';
import { createSmsProvider } from '../providers/sms/index.ts';
import type { SmsProvider } from '../providers/sms/types.ts';
import { createStorageProvider } from '../providers/storage/index.ts';
import type { StorageProvider } from '../providers/storage/types.ts';
import { createWechatProvider } from '../providers/wechat/index.ts';
import type { WechatProvider } from '../providers/wechat/types.ts';
import { announcePay, buildPay, Integrations } from './integrations.ts';

declare module '../core/context.ts' {
  /** The providers every module reads from the context (core/context.ts leaves this slot to the composition layer). */
  interface WiredProviders {
    sms: SmsProvider;
    wechat: WechatProvider;
    storage: StorageProvider;
    /** The payment gateways (the sandbox always among them; it takes payments only in demo mode with no real gateway). */
    pay: PayProviders;
    /**
     * The console's integration settings over the environment. sms, wechat, storage and pay above are
     * swapped when they change (on every instance): read them from the context at call time, never keep them.
     */
    integrations: Integrations;
  }
}

/** What a caller may put in place of the providers the environment chooses (tests give fakes). */
export interface ProviderChoices {
  sms?: SmsProvider;
  wechat?: WechatProvider;
  storage?: StorageProvider;
}

/**
 * The context of one run: the ground floor (settings, database, kv, clock, log) and the providers the
 * environment and the console's integration settings choose, rebuilt on every change of those settings.
 */
export async function createContext(
  base: { config: AppConfig; database: Database; kv: KvStore; clock: Clock; log: FastifyBaseLogger },
  choices: ProviderChoices,
): Promise<AppContext> {
  const { config, log } = base;
  const ctx: AppContext = {
    ...base,
    db: base.database.db,
    sms: choices.sms ?? createSmsProvider(config.env, log),
    // The simulator exists only in demo mode, whoever built it.
    wechat: choices.wechat && !(choices.wechat.name === 'dev' && !config.demo) ? choices.wechat : createWechatProvider(config.env, config.publicUrl, config.demo),
    storage: choices.storage ?? createStorageProvider(config),
    pay: null!,
    integrations: null!,
  };
  ctx.pay = buildPay(ctx, config.env);
  announcePay(ctx, ctx.pay, config.env);
  // The console's settings over the environment's, rebuilt on every change (admin/integrations).
  ctx.integrations = new Integrations(ctx);
  await ctx.integrations.refresh();
  return ctx;
}
