import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { ManualClock } from '../core/clock.ts';
import { MemoryKv, RedisKv, type KvStore } from '../core/kv.ts';
import { openDatabase } from '../db/client.ts';
import { ConsoleSms } from '../providers/sms/console.ts';
import type { SmsProvider } from '../providers/sms/types.ts';
import { DevWechat } from '../providers/wechat/dev.ts';
import type { WechatProvider } from '../providers/wechat/types.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: Awaited<ReturnType<typeof buildApp>>['ctx'];
  documents: Awaited<ReturnType<typeof buildApp>>['documents'];
  turns: Awaited<ReturnType<typeof buildApp>>['turns'];
  draw: Awaited<ReturnType<typeof buildApp>>['draw'];
  tools: Awaited<ReturnType<typeof buildApp>>['tools'];
  /** Every route as registered. */
  routes: Awaited<ReturnType<typeof buildApp>>['routes'];
  clock: ManualClock;
  sms: ConsoleSms;
  /** Sends a request and returns the parsed JSON envelope with the HTTP status. */
  call<T = any>(method: InjectOptions['method'], url: string, opts?: { body?: unknown; token?: string; query?: Record<string, string>; headers?: Record<string, string> }): Promise<{ status: number; body: { code: number; message: string; success: boolean; data: T } }>;
  /** Registers (or logs in) a user by phone through the real SMS flow; returns the token. */
  loginByPhone(mobile: string): Promise<string>;
  /** Listens on 127.0.0.1 (once) and returns the base URL, for streaming over real HTTP. */
  listen(): Promise<string>;
  /** A private directory used as DATA_DIR (uploads), removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

const silent = { info() {}, warn() {}, error() {} };
/** One secrets key for every test app of this process: a second instance on the same database opens the first one's keys. */
const TEST_SECRETS_KEY = randomBytes(32).toString('hex');

/**
 * The whole server on a private database: in-memory PGlite by default, a fresh schema of the
 * real PostgreSQL when DATABASE_URL is set (CI), Redis with a private prefix when REDIS_URL is set.
 */
export interface TestAppOptions {
  env?: Record<string, string>;
  sms?: SmsProvider;
  wechat?: WechatProvider;
  /** 'memory' keeps short-lived state on the manual clock, for tests that move time. */
  kv?: 'auto' | 'memory';
  documents?: BuildOptions['documents'];
  /** A second instance of the server on the same database, KvStore and clock (closing it leaves them open). */
  shareWith?: TestApp;
  /** A logger instead of none (tests that read the log lines). */
  logger?: BuildOptions['logger'];
  /** Drawing providers (fakes). */
  draw?: BuildOptions['draw'];
  /** Lease, tick and job polling timing. */
  turns?: BuildOptions['turns'];
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory, migrated and seeded, as `dumpDataDir` wrote it (testing/pglite-template.ts); '' on PostgreSQL. */
    pgliteTemplate: string;
  }
}

let templateBlob: Blob | undefined;
/** The migrated, seeded database testing/pglite-template.ts made for this run (read once per process). */
function pgliteTemplate(): Blob | undefined {
  let file: string | undefined;
  try {
    file = inject('pgliteTemplate');
  } catch {
    return undefined; // outside a vitest run (bench/draw.ts)
  }
  if (!file) return undefined;
  return (templateBlob ??= new Blob([readFileSync(file)]));
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const shared = opts.shareWith;
  const clock = shared?.clock ?? new ManualClock(Date.UTC(2026, 10, 22, 4, 0, 0));
  const url = process.env.DATABASE_URL;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const database = shared?.ctx.database ?? (await openDatabase(url ? { url, searchPath: schema } : { loadDataDir: pgliteTemplate() }));
  const kv: KvStore = shared
    ? shared.ctx.kv instanceof RedisKv
      ? new RedisKv(process.env.REDIS_URL!, (shared.ctx.kv as unknown as { prefix: string }).prefix)
      : Object.assign(Object.create(shared.ctx.kv) as KvStore, { close: async () => {} })
    : process.env.REDIS_URL && opts.kv !== 'memory'
      ? new RedisKv(process.env.REDIS_URL, `test:${schema}:`)
      : new MemoryKv(clock);
  const sms = new ConsoleSms(silent);
  const dataDir = mkdtempSync(join(tmpdir(), 'ai-test-'));
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dataDir, LLM_OFFLINE_DELAY_MS: '0', SECRETS_KEY: TEST_SECRETS_KEY, ...opts.env });
  const { app, ctx, documents, turns, routes, draw, tools } = await buildApp({
    config,
    clock,
    database,
    kv,
    sms: opts.sms ?? sms,
    wechat: opts.wechat ?? (config.demo ? new DevWechat({ publicUrl: config.publicUrl, now: () => clock.now() }) : undefined),
    logger: opts.logger ?? false,
    documents: opts.documents,
    draw: opts.draw,
    turns: opts.turns,
  });
  await app.ready();

  const call: TestApp['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await app.inject({ method, url: path, query: o.query, payload: o.body as InjectOptions['payload'], headers });
    let body;
    try {
      body = res.json();
    } catch {
      body = { code: -1, message: res.body, success: false, data: null };
    }
    return { status: res.statusCode, body };
  };

  let ipSeq = 0;
  const loginByPhone = async (mobile: string) => {
    const ip = `10.9.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;
    const send = await app.inject({ method: 'POST', url: '/api/sms-code/create', payload: { mobile }, remoteAddress: ip });
    const smsId = send.json().data?.sms_id;
    if (!smsId) throw new Error(`sms send failed: ${send.body}`);
    const code = sms.lastCodes.get(mobile)!;
    await kv.del(`sms-gap:${mobile}`);
    const res = await call('POST', '/api/login/mobile', { body: { mobile, sms_code: code, sms_id: smsId } });
    if (res.body.code !== 200) throw new Error(`login failed: ${res.body.message}`);
    return res.body.data.token as string;
  };

  let baseUrl: string | null = null;
  const listen = async () => {
    if (!baseUrl) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    }
    return baseUrl;
  };

  let closing: Promise<void> | undefined;
  return {
    app,
    ctx,
    documents,
    turns,
    draw,
    tools,
    routes,
    clock,
    sms,
    call,
    loginByPhone,
    listen,
    dataDir,
    // Idempotent: a test may stop a second instance's workers early and close it again in `finally`.
    close: () =>
      (closing ??= (async () => {
        await app.close();
        if (shared) return rmSync(dataDir, { recursive: true, force: true });
        if (url) await database.execScript(`drop schema if exists "${schema}" cascade`);
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
}
