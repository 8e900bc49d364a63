import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { PayProviders } from '../providers/pay/index.ts';
import type { SmsProvider } from '../providers/sms/types.ts';
import type { StorageProvider } from '../providers/storage/types.ts';
import type { WechatProvider } from '../providers/wechat/types.ts';
import type { Clock } from './clock.ts';
import type { Integrations } from './integrations.ts';
import type { KvStore } from './kv.ts';

/** What every module gets: settings, storage and the providers chosen for this run. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  kv: KvStore;
  clock: Clock;
  log: FastifyBaseLogger;
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
