import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToolsReply } from '@app/shared';
import { mcpServers } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken, auditRows, phone } from '../admin/test-kit.ts';

// Real MCP servers from npm (devDependencies), spawned with node.
const require = createRequire(import.meta.url);
const pkgDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const everything = join(pkgDir('@modelcontextprotocol/server-everything'), 'dist/index.js');
const filesystem = join(pkgDir('@modelcontextprotocol/server-filesystem'), 'dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'mcp-tools-'));
// server-everything over streamable HTTP, for the servers added in the console.
const httpPort = 36000 + Math.floor(Math.random() * 2000);
let httpServer: ChildProcess;

let t: TestApp;
let admin: { token: string; id: number };
let user: string;
beforeAll(async () => {
  httpServer = spawn(process.execPath, [everything, 'streamableHttp'], { env: { ...process.env, PORT: String(httpPort) }, stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve) => httpServer.stderr!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve()));
  t = await createTestApp({
    env: {
      SAFE_FETCH_ALLOW_HOSTS: `127.0.0.1:${httpPort}`,
      MCP_SERVERS: JSON.stringify({
        everything: { command: process.execPath, args: [everything, 'stdio'] },
        fs: { command: process.execPath, args: [filesystem, dir] },
      }),
      // Reading a 10 MB file through server-filesystem takes a few seconds on a loaded machine.
      MCP_CALL_TIMEOUT_MS: '12000',
      MCP_RESULT_MAX_CHARS: '1000',
    },
  });
  admin = await adminToken(t);
  user = await t.loginByPhone(phone());
}, 30_000);
afterAll(async () => {
  await t.close();
  httpServer.kill();
  rmSync(dir, { recursive: true, force: true });
});
const A = () => ({ token: admin.token });
const view = async () => adminToolsReply.parse((await t.call('GET', '/api/admin/tools', A())).body.data);

describe('admin: MCP tools', () => {
  it('lists each server’s tools with descriptions, schemas and annotations, all off and free at first', async () => {
    const v = await view();
    expect(v.servers.map((s) => [s.name, s.kind, s.source, s.error])).toEqual([
      ['everything', 'stdio', 'env', ''],
      ['fs', 'stdio', 'env', ''],
    ]);
    const echo = v.servers[0]!.tools.find((x) => x.name === 'echo')!;
    expect(echo).toMatchObject({ description: 'Echoes back the input string', enabled: false, price: 0, annotations: { readOnlyHint: true } });
    expect(echo.inputSchema).toMatchObject({ properties: { message: { type: 'string' } } });
    expect(v.servers[1]!.tools.find((x) => x.name === 'write_file')!.annotations.destructiveHint).toBe(true);
    expect(v.maxRounds).toBe(5);
    expect(v.models.length).toBeGreaterThan(0);
    expect(v.models.every((m) => !m.tools)).toBe(true);
  }, 30_000);

  it('turns a tool on with a price (0 allowed), audited', async () => {
    const { body } = await t.call('POST', '/api/admin/tools/everything/echo', { ...A(), body: { enabled: true, price: 3 } });
    expect(body.code).toBe(200);
    const echo = adminToolsReply.parse(body.data).servers[0]!.tools.find((x) => x.name === 'echo')!;
    expect(echo).toMatchObject({ enabled: true, price: 3 });
    await t.call('POST', '/api/admin/tools/everything/get-sum', { ...A(), body: { enabled: true, price: 0 } });
    const rows = await auditRows(t, 'tool', 'everything/echo');
    expect(rows.at(-1)).toMatchObject({ action: 'tool.update', before: { enabled: false, price: 0 }, after: { enabled: true, price: 3 } });
    expect((await t.tools.enabledTools()).map((x) => [x.fn, x.price])).toEqual([
      ['everything__echo', 3],
      ['everything__get-sum', 0],
    ]);
  }, 30_000);

  it('refuses bad input and changes nothing', async () => {
    const bad = [
      ['/api/admin/tools/everything/echo', { price: -1 }],
      ['/api/admin/tools/everything/echo', { price: 1.5 }],
      ['/api/admin/tools/everything/echo', { price: 100_001 }],
      ['/api/admin/tools/everything/echo', {}],
      ['/api/admin/tools/everything/echo', { enabled: 'yes' }],
      ['/api/admin/tools/everything/no-such-tool', { enabled: true }],
      ['/api/admin/tools/nowhere/echo', { enabled: true }],
      ['/api/admin/tools/bad%20name/echo', { enabled: true }],
    ] as const;
    for (const [url, body] of bad) {
      const res = await t.call('POST', url, { ...A(), body });
      expect(res.body.code, `${url} ${JSON.stringify(body)}`).not.toBe(200);
    }
    const echo = (await view()).servers[0]!.tools.find((x) => x.name === 'echo')!;
    expect(echo).toMatchObject({ enabled: true, price: 3 });
  }, 30_000);

  it('sets which models may use tools; unknown ids are refused', async () => {
    const v = await view();
    const first = v.models[0]!;
    const ok = await t.call('POST', '/api/admin/tools/models', { ...A(), body: { modelIds: [first.id] } });
    expect(ok.body.code).toBe(200);
    expect(adminToolsReply.parse(ok.body.data).models.find((m) => m.id === first.id)!.tools).toBe(true);
    expect(await t.tools.mayUseTools(first.id)).toBe(true);
    const bad = await t.call('POST', '/api/admin/tools/models', { ...A(), body: { modelIds: [first.id, 999_999] } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('999999');
    expect(await t.tools.mayUseTools(first.id)).toBe(true);
    expect((await t.call('POST', '/api/admin/tools/models', { ...A(), body: { modelIds: ['x'] } })).body.code).toBe(400);
  });

  it('is admin only: a user’s token and no token are refused, nothing changes', async () => {
    expect((await t.call('GET', '/api/admin/tools', { token: user })).status).toBe(403);
    expect((await t.call('POST', '/api/admin/tools/everything/echo', { token: user, body: { enabled: false } })).status).toBe(403);
    expect((await t.call('POST', '/api/admin/tools/models', { token: user, body: { modelIds: [] } })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/tools')).status).toBe(401);
    expect((await view()).servers[0]!.tools.find((x) => x.name === 'echo')!.enabled).toBe(true);
  });
});

describe('calling tools (ToolsService.call)', () => {
  const allowed = async () => t.tools.enabledTools();

  it('calls an enabled tool and charges its price; a failed call costs nothing', async () => {
    const ok = await t.tools.call('everything__echo', '{"message":"你好"}', await allowed());
    expect(ok).toMatchObject({ ok: true, text: 'Echo: 你好', price: 3, truncated: false });
    const failed = await t.tools.call('everything__echo', '{"message":5}', await allowed());
    expect(failed.ok).toBe(false);
    expect(failed.price).toBe(0);
  }, 20_000);

  it('refuses without calling: a tool not enabled, one that does not exist, bad JSON, a non-object', async () => {
    const list = await allowed();
    for (const [fn, args] of [
      ['everything__get-env', '{}'],
      ['nowhere__echo', '{}'],
      ['everything__echo', '{"message":'],
      ['everything__echo', '[1]'],
    ] as const) {
      const r = await t.tools.call(fn, args, list);
      expect(r.ok).toBe(false);
      expect(r.refused).toBeTruthy();
      expect(r.price).toBe(0);
    }
  });

  it('a tool that runs past the timeout fails, costs nothing, and the server keeps answering', async () => {
    await t.call('POST', '/api/admin/tools/everything/trigger-long-running-operation', { ...A(), body: { enabled: true, price: 5 } });
    const r = await t.tools.call('everything__trigger-long-running-operation', '{"duration":30,"steps":2}', await allowed());
    expect(r).toMatchObject({ ok: false, price: 0 });
    expect(r.text).toContain('超时');
    expect((await t.tools.call('everything__echo', '{"message":"again"}', await allowed())).text).toBe('Echo: again');
  }, 40_000);

  it('a 10 MB result is cut to the cap with its full length noted', async () => {
    writeFileSync(join(dir, 'big.txt'), 'y'.repeat(10 * 1024 * 1024));
    await t.call('POST', '/api/admin/tools/fs/read_text_file', { ...A(), body: { enabled: true } });
    const r = await t.tools.call('fs__read_text_file', JSON.stringify({ path: join(dir, 'big.txt') }), await allowed());
    expect(r.ok).toBe(true);
    expect(r.truncated).toBe(true);
    expect(r.fullLength).toBe(10 * 1024 * 1024);
    expect(r.text.length).toBeLessThan(1200);
    expect(r.text).toContain(`共 ${10 * 1024 * 1024} 字符`);
  }, 30_000);

  it('a destructive tool is not run without the user’s confirmation', async () => {
    await t.call('POST', '/api/admin/tools/fs/write_file', { ...A(), body: { enabled: true } });
    const r = await t.tools.call('fs__write_file', JSON.stringify({ path: join(dir, 'x.txt'), content: 'x' }), await allowed());
    expect(r.refused).toContain('需要用户确认');
    expect(() => require('node:fs').statSync(join(dir, 'x.txt'))).toThrow();
  }, 20_000);
});

describe('admin: MCP servers added in the console', () => {
  const url = () => `http://127.0.0.1:${httpPort}/mcp`;

  it('adds an HTTP server (headers sealed, named only in the audit), lists its tools, on this instance and another', async () => {
    const { body } = await t.call('POST', '/api/admin/tools/servers', { ...A(), body: { name: 'remote', url: url(), headers: { 'X-Api-Key': 'sekret-123' } } });
    expect(body.code).toBe(200);
    const remote = adminToolsReply.parse(body.data).servers.find((s) => s.name === 'remote')!;
    expect(remote).toMatchObject({ kind: 'http', source: 'db', error: '' });
    expect(remote.tools.some((x) => x.name === 'echo')).toBe(true);
    const [row] = await t.ctx.db.select().from(mcpServers);
    expect(row!.spec).not.toContain('sekret');
    const audit = await auditRows(t, 'tool_server', 'remote');
    expect(audit[0]).toMatchObject({ action: 'tool.server.create', after: { url: url(), headers: ['X-Api-Key'] } });
    expect(JSON.stringify(audit)).not.toContain('sekret');
    const other = await createTestApp({ shareWith: t, env: { SAFE_FETCH_ALLOW_HOSTS: `127.0.0.1:${httpPort}` } });
    try {
      expect((await other.tools.servers()).map((s) => s.name)).toContain('remote');
    } finally {
      await other.close();
    }
    await t.call('POST', '/api/admin/tools/remote/echo', { ...A(), body: { enabled: true, price: 1 } });
    const r = await t.tools.call('remote__echo', '{"message":"via console"}', await t.tools.enabledTools());
    expect(r).toMatchObject({ ok: true, text: 'Echo: via console', price: 1 });
  }, 30_000);

  it('refuses a command server, a bad URL or name, a name MCP_SERVERS uses; a user token; changes nothing', async () => {
    const bad = [
      { name: 'cmd', command: 'rm', args: ['-rf', '/'] },
      { name: 'cmd', url: 'file:///etc/passwd' },
      { name: 'bad name', url: url() },
      { name: 'x', url: url(), headers: { 'Bad Header': 'v' } },
    ];
    for (const b of bad) expect((await t.call('POST', '/api/admin/tools/servers', { ...A(), body: b })).body.code, JSON.stringify(b)).toBe(400);
    expect((await t.call('POST', '/api/admin/tools/servers', { ...A(), body: { name: 'everything', url: url() } })).body.code).toBe(409);
    expect((await t.call('POST', '/api/admin/tools/servers', { token: user, body: { name: 'mine', url: url() } })).status).toBe(403);
    expect((await t.call('POST', '/api/admin/tools/servers/remote/delete', { token: user })).status).toBe(403);
    expect((await view()).servers.map((s) => s.name)).toEqual(['everything', 'fs', 'remote']);
  }, 30_000);

  it('removes a console server (not an environment one), and its tools are no longer offered', async () => {
    expect((await t.call('POST', '/api/admin/tools/servers/everything/delete', A())).body.code).toBe(400);
    expect((await t.call('POST', '/api/admin/tools/servers/nowhere/delete', A())).body.code).toBe(404);
    const { body } = await t.call('POST', '/api/admin/tools/servers/remote/delete', A());
    expect(body.code).toBe(200);
    expect(adminToolsReply.parse(body.data).servers.map((s) => s.name)).toEqual(['everything', 'fs']);
    expect((await t.tools.enabledTools()).some((x) => x.server === 'remote')).toBe(false);
    const r = await t.tools.call('remote__echo', '{"message":"x"}', await t.tools.enabledTools());
    expect(r.refused).toBeTruthy();
  }, 30_000);
});
