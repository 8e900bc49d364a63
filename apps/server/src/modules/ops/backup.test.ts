import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { chatStreamEvent } from '@app/shared';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { chatMessages, orders, turns, users } from '../../db/schema/index.ts';
import { readSseEvents } from '../../testing/sse.ts';

/**
 * `npm run backup` / `npm run restore` on the embedded database: a site with users, turns, orders
 * and an uploaded file is backed up, restored into an empty folder, and the restored server has
 * every one of them (and the users can still log in).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const work = mkdtempSync(join(tmpdir(), 'ai-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const open = (dataDir: string) =>
  buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://127.0.0.1:3000', LLM_OFFLINE_DELAY_MS: '0' }), logger: false });

const npmScript = (script: 'backup' | 'restore', dataDir: string, args: string[]) =>
  spawnSync(process.execPath, [join(root, 'scripts', `${script}.mjs`), ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });

async function snapshot(built: Awaited<ReturnType<typeof open>>) {
  const db = built.ctx.db;
  return {
    users: await db.select({ id: users.id, username: users.username }).from(users).orderBy(asc(users.id)),
    turns: await db.select({ id: turns.id, status: turns.status, charged: turns.charged, text: turns.text }).from(turns).orderBy(asc(turns.id)),
    messages: await db.select({ id: chatMessages.id, text: chatMessages.text }).from(chatMessages).orderBy(asc(chatMessages.id)),
    orders: await db.select({ orderNo: orders.orderNo, status: orders.status, amount: orders.amount }).from(orders).orderBy(asc(orders.id)),
  };
}

describe('backup and restore of the embedded database and the uploaded files', () => {
  it('restores into an empty data folder with every user, turn, order and file', async () => {
    const source = join(work, 'data');
    let site = await open(source);
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
    const post = async (path: string, body: unknown, token?: string) =>
      (await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) })).json() as Promise<{ code: number; data: any }>;
    const tokens: string[] = [];
    for (const name of ['backup_a', 'backup_b']) {
      const reg = await post('/api/login/register', { userName: name, password: 'Passw0rd!' });
      expect(reg.code).toBe(200);
      tokens.push(reg.data.token);
    }
    for (const token of tokens) {
      const created = await post('/api/chat/create', { input: '备份前的问题' }, token);
      const res = await fetch(`${base}/api/chat/stream?secret=${created.data.secret}`, { headers: { authorization: `Bearer ${token}` } });
      expect((await readSseEvents(res, chatStreamEvent)).last).toMatchObject({ type: 'done', status: 'complete' });
    }
    const list = ((await (await fetch(`${base}/api/package/index`)).json()) as { data: { list: { id: number }[] } }).data.list;
    expect((await post('/api/order/pay-qrcode', { package_id: list[0]!.id }, tokens[0])).code).toBe(200);
    const file = await site.ctx.storage.put('chat/1/backup-probe.png', Buffer.from('not really a png'), 'image/png');
    const before = await snapshot(site);
    expect(before.users.length).toBeGreaterThanOrEqual(2);
    expect(before.turns).toHaveLength(2);
    expect(before.orders).toHaveLength(1);

    // A running embedded database is not copied.
    const archive = join(work, 'backups', 'site.tar.gz');
    const refused = npmScript('backup', source, [archive]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('stop the server first');
    await site.app.close();

    const made = npmScript('backup', source, [archive]);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(existsSync(archive)).toBe(true);

    // Restore refuses a folder that is not empty, and anything that is not a backup.
    const busy = join(work, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'keep.txt'), 'x');
    expect(npmScript('restore', busy, [archive]).stderr).toContain('is not empty');
    const notBackup = join(work, 'other.tar.gz');
    spawnSync('tar', ['-czf', notBackup, '-C', busy, 'keep.txt']);
    expect(npmScript('restore', join(work, 'fresh-x'), [notBackup]).stderr).toContain('no backup.json');

    const target = join(work, 'restored');
    const restored = npmScript('restore', target, [archive]);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(readdirSync(target).sort()).toEqual(readdirSync(source).sort());

    site = await open(target);
    try {
      expect(await snapshot(site)).toEqual(before);
      expect((await site.ctx.storage.get(file.key))?.body.toString()).toBe('not really a png');
      const login = await site.app.inject({ method: 'POST', url: '/api/login/account-login', payload: { userName: 'backup_a', password: 'Passw0rd!' } });
      expect(login.json().code).toBe(200);
    } finally {
      await site.app.close();
    }

    // --force keeps what was there beside the restored folder.
    const forced = npmScript('restore', busy, [archive, '--force']);
    expect(forced.status).toBe(0);
    expect(readdirSync(work).some((n) => n.startsWith('busy.before-restore-'))).toBe(true);
  }, 120_000);
});
