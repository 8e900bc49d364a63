import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { readyCheck } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';

export type Check = z.infer<typeof readyCheck>;

const CHECK_TIMEOUT_MS = 3_000;
/** A key no upload ever has (keys are `<kind>/<id>/...`): reading it must answer "none", not fail. */
const STORAGE_PROBE_KEY = 'ready/probe.txt';

/** Runs one probe under a timeout; a failure or a timeout is logged with what went wrong. */
async function probe(ctx: AppContext, part: string, run: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), CHECK_TIMEOUT_MS)));
  try {
    const result = await Promise.race([run().then(() => 'ok' as const), timeout]);
    if (result === 'timeout') ctx.log.warn({ part }, 'readiness: probe timed out');
    return result;
  } catch (e) {
    ctx.log.warn({ part, err: { message: (e as Error)?.message, code: (e as { code?: unknown })?.code } }, 'readiness: probe failed');
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this instance can serve: the database answers, Redis answers (when configured), the file store answers. */
export async function readiness(ctx: AppContext) {
  const [db, kv, storage] = await Promise.all([
    probe(ctx, 'db', () => ctx.db.execute(sql`select 1`)),
    ctx.kv.kind === 'redis' ? probe(ctx, 'kv', () => ctx.kv.get('ready:probe')) : Promise.resolve<Check>('off'),
    probe(ctx, 'storage', () =>
      // The local store writes under DATA_DIR; a bucket is asked for an object it does not have (a wrong bucket or key fails).
      ctx.storage.name === 'local' ? access(resolve(ctx.config.dataDir), constants.R_OK | constants.W_OK) : ctx.storage.get(STORAGE_PROBE_KEY),
    ),
  ]);
  const checks = { db, kv, storage };
  const failed = (Object.entries(checks) as [keyof typeof checks, Check][]).filter(([, c]) => c !== 'ok' && c !== 'off').map(([k]) => k);
  return { checks, failed };
}

/** The Chinese name of each part, for the 503 message. */
export const PART_NAMES: Record<'db' | 'kv' | 'storage', string> = { db: '数据库', kv: 'Redis', storage: '文件存储' };
