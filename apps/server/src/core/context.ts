import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { SmsProvider } from '../providers/sms/types.ts';
import type { StorageProvider } from '../providers/storage/types.ts';
import type { WechatProvider } from '../providers/wechat/types.ts';
import type { Clock } from './clock.ts';
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
}
