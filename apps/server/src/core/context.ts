import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { KvStore } from './kv.ts';

/**
 * The providers chosen for this run (sms, wechat, storage, pay) and the integration settings that swap
 * them. Core names none of them: the composition layer declares these fields on this interface
 * (declaration merging, as Fastify plugins declare their decorators) in composition/context.ts, which
 * builds the context. Core code reads only the fields of AppContext below.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WiredProviders {}

/** What every module gets: settings, storage, and (from the composition layer) the providers chosen for this run. */
export interface AppContext extends WiredProviders {
  config: AppConfig;
  database: Database;
  db: Db;
  kv: KvStore;
  clock: Clock;
  log: FastifyBaseLogger;
}
