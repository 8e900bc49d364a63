import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { McpHub, parseMcpServers, type McpServerSpec } from './index.ts';

// Real MCP servers from npm (devDependencies), spawned with node, never downloaded at test time.
const require = createRequire(import.meta.url);
const everything = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');
const filesystem = join(dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist/index.js');
const log = pino({ level: 'silent' });
const hubs: McpHub[] = [];
const children: ChildProcess[] = [];
const hub = (allowHosts: string[] = []) => {
  const h = new McpHub({ guard: { allowHosts }, log, backoffMs: 50, maxBackoffMs: 200 });
  hubs.push(h);
  return h;
};
const stdioEverything: McpServerSpec = { command: process.execPath, args: [everything, 'stdio'], env: {} };
const text = (r: { content: { type: string; text?: string }[] }) => r.content.map((c) => c.text ?? '').join('');

afterAll(async () => {
  await Promise.all(hubs.map((h) => h.close()));
  for (const c of children) c.kill();
});

describe('MCP_SERVERS', () => {
  it('reads the stdio and HTTP shapes other clients use', () => {
    const s = parseMcpServers('{"everything":{"command":"npx","args":["@modelcontextprotocol/server-everything"]},"remote":{"url":"https://mcp.example.com/mcp","headers":{"Authorization":"Bearer x"}}}');
    expect(s.everything).toEqual({ command: 'npx', args: ['@modelcontextprotocol/server-everything'], env: {} });
    expect(s.remote).toEqual({ url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' } });
    expect(parseMcpServers(undefined)).toEqual({});
    expect(parseMcpServers('  ')).toEqual({});
  });

  it('refuses bad values with an error naming the setting', () => {
    expect(() => parseMcpServers('{not json')).toThrow(/MCP_SERVERS: not JSON/);
    expect(() => parseMcpServers('[]')).toThrow(/MCP_SERVERS/);
    expect(() => parseMcpServers('{"a":{"command":""}}')).toThrow(/MCP_SERVERS: a/);
    expect(() => parseMcpServers('{"a":{"url":"file:///etc/passwd"}}')).toThrow(/MCP_SERVERS: a/);
    expect(() => parseMcpServers('{"bad name!":{"command":"x"}}')).toThrow(/MCP_SERVERS/);
    expect(() => parseMcpServers('{"a":{"command":"x","shell":"rm -rf"}}')).toThrow(/MCP_SERVERS: a/);
  });

  it('is checked when the settings load: the server does not start on a bad value', () => {
    expect(() => loadConfig({ MCP_SERVERS: '{"everything":{"command":"npx"' })).toThrow(/Invalid settings:\n {2}MCP_SERVERS: not JSON/);
    expect(() => loadConfig({ MCP_SERVERS: '{"a":{"url":"ftp://x"}}' })).toThrow(/MCP_SERVERS: a/);
    expect(loadConfig({ MCP_SERVERS: '{"a":{"url":"https://x.example/mcp"}}' }).env.MCP_SERVERS).toBeDefined();
  });
});

describe('a stdio server (server-everything)', () => {
  it('lists its tools with schemas and annotations, and calls echo and get-sum', async () => {
    const h = hub();
    await h.configure({ everything: stdioEverything });
    const conn = h.get('everything')!;
    const tools = await conn.listTools();
    const echo = tools.find((t) => t.name === 'echo')!;
    expect(echo.description).toMatch(/echo/i);
    expect(echo.inputSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } }, required: ['message'] });
    expect(echo.annotations.readOnlyHint).toBe(true);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['get-sum', 'trigger-long-running-operation']));
    expect(text(await conn.callTool('echo', { message: '你好' }, { timeoutMs: 10_000 }))).toBe('Echo: 你好');
    expect(text(await conn.callTool('get-sum', { a: 2, b: 40 }, { timeoutMs: 10_000 }))).toMatch(/42/);
    // A tool that fails (bad arguments) answers an error result; the server keeps running.
    const bad = await conn.callTool('echo', { message: 5 }, { timeoutMs: 10_000 });
    expect(bad.isError).toBe(true);
    expect(conn.starts).toBe(1);
  }, 30_000);

  it('gives up on a call that takes longer than its timeout, and the server still answers', async () => {
    const h = hub();
    await h.configure({ everything: stdioEverything });
    const conn = h.get('everything')!;
    await expect(conn.callTool('trigger-long-running-operation', { duration: 10, steps: 2 }, { timeoutMs: 300 })).rejects.toThrow(/timed out/i);
    expect(text(await conn.callTool('echo', { message: 'still here' }, { timeoutMs: 10_000 }))).toBe('Echo: still here');
  }, 30_000);

  it('a server that dies mid-call fails that call and is restarted on the next use', async () => {
    const h = hub();
    await h.configure({ everything: stdioEverything });
    const conn = h.get('everything')!;
    await conn.listTools();
    const pid = conn.pid!;
    const call = conn.callTool('trigger-long-running-operation', { duration: 10, steps: 2 }, { timeoutMs: 20_000 });
    await new Promise((r) => setTimeout(r, 200));
    process.kill(pid, 'SIGKILL');
    await expect(call).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 100));
    expect(conn.connected).toBe(false);
    expect(text(await conn.callTool('echo', { message: 'back' }, { timeoutMs: 10_000 }))).toBe('Echo: back');
    expect(conn.starts).toBe(2);
    expect(conn.pid).not.toBe(pid);
  }, 30_000);

  it('starts one child however many calls arrive at once; two instances with one config each run their own', async () => {
    const a = hub();
    const b = hub();
    await a.configure({ everything: stdioEverything });
    await b.configure({ everything: stdioEverything });
    const ca = a.get('everything')!;
    const cb = b.get('everything')!;
    const replies = await Promise.all([...Array(6)].map((_, i) => (i % 2 ? ca : cb).callTool('echo', { message: `m${i}` }, { timeoutMs: 10_000 })));
    expect(replies.map(text)).toEqual([...Array(6)].map((_, i) => `Echo: m${i}`));
    expect(ca.starts).toBe(1);
    expect(cb.starts).toBe(1);
    expect(ca.pid).not.toBe(cb.pid);
    // Closing one instance stops its child only.
    const pa = ca.pid!;
    await a.close();
    await new Promise((r) => setTimeout(r, 300));
    expect(alive(pa)).toBe(false);
    expect(text(await cb.callTool('echo', { message: 'b' }, { timeoutMs: 10_000 }))).toBe('Echo: b');
  }, 30_000);

  it('a command that does not exist fails clearly and waits out its back-off', async () => {
    const h = hub();
    await h.configure({ nope: { command: '/nonexistent/mcp-server', args: [], env: {} } });
    const conn = h.get('nope')!;
    await expect(conn.listTools()).rejects.toThrow(/nope did not start/);
    await expect(conn.listTools()).rejects.toThrow(/nope/);
    expect(conn.starts).toBe(2);
  }, 30_000);
});

describe('server-filesystem on a temp folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-fs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a real file, and reads back a 10 MB one in full (capping is the caller’s)', async () => {
    const h = hub();
    await h.configure({ fs: { command: process.execPath, args: [filesystem, dir], env: {} } });
    const conn = h.get('fs')!;
    const tools = await conn.listTools();
    expect(tools.find((t) => t.name === 'write_file')?.annotations.destructiveHint).toBe(true);
    await conn.callTool('write_file', { path: join(dir, 'a.txt'), content: '写入成功' }, { timeoutMs: 10_000 });
    expect(text(await conn.callTool('read_text_file', { path: join(dir, 'a.txt') }, { timeoutMs: 10_000 }))).toBe('写入成功');
    writeFileSync(join(dir, 'big.txt'), 'x'.repeat(10 * 1024 * 1024));
    const big = await conn.callTool('read_text_file', { path: join(dir, 'big.txt') }, { timeoutMs: 20_000 });
    expect(text(big).length).toBe(10 * 1024 * 1024);
    // Outside its folder it refuses.
    const out = await conn.callTool('read_text_file', { path: '/etc/passwd' }, { timeoutMs: 10_000 });
    expect(out.isError).toBe(true);
  }, 40_000);
});

describe('a streamable HTTP server (server-everything streamableHttp)', () => {
  it('is refused on a loopback address unless the operator allows the host', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [everything, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(child);
    await new Promise<void>((resolve) => child.stderr.on('data', (d: Buffer) => d.toString().includes('listening') && resolve()));
    const url = `http://127.0.0.1:${port}/mcp`;

    const refused = hub();
    await refused.configure({ remote: { url, headers: {} } });
    await expect(refused.get('remote')!.listTools()).rejects.toThrow(/did not start/);

    const allowed = hub([`127.0.0.1:${port}`]);
    await allowed.configure({ remote: { url, headers: {} } });
    const conn = allowed.get('remote')!;
    expect((await conn.listTools()).some((t) => t.name === 'echo')).toBe(true);
    expect(text(await conn.callTool('echo', { message: 'over http' }, { timeoutMs: 10_000 }))).toBe('Echo: over http');
  }, 30_000);
});

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
