/**
 * MCP tools (providers/mcp, modules/tools): what a tool call costs on top of the model. The cold
 * start of a stdio server (child process + initialize + tools/list), warm echo calls one at a
 * time and 20 at once on its one connection, the child's memory, and a 10 MB result read by
 * server-filesystem then cut to MCP_RESULT_MAX_CHARS. Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { McpHub } from '../apps/server/src/providers/mcp/index.ts';
import { resultText } from '../apps/server/src/modules/tools/result-text.ts';
import { mbOfKb, memoryKb } from './lib/proc.ts';
import { ms, percentile } from './lib/stats.ts';

const require = createRequire(join(import.meta.dirname, '../apps/server/package.json'));
const pkg = (name: string) => join(dirname(require.resolve(`${name}/package.json`)), 'dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'bench-mcp-'));
const hub = new McpHub({ guard: { allowHosts: [] }, log: pino({ level: 'silent' }) });
await hub.configure({
  everything: { command: process.execPath, args: [pkg('@modelcontextprotocol/server-everything'), 'stdio'], env: {} },
  fs: { command: process.execPath, args: [pkg('@modelcontextprotocol/server-filesystem'), dir], env: {} },
});
const everything = hub.get('everything')!;
const fs = hub.get('fs')!;
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

const cold = await timed(() => everything.listTools());
console.log(`stdio cold start (spawn + initialize + tools/list, ${cold.value.length} tools): ${ms(cold.ms)}`);

const one: number[] = [];
for (let i = 0; i < 200; i++) one.push((await timed(() => everything.callTool('echo', { message: `m${i}` }, { timeoutMs: 10_000 }))).ms);
console.log(`echo, warm, one at a time: p50 ${ms(percentile(one, 50))}  p95 ${ms(percentile(one, 95))}  (200 calls)`);

const burst = await timed(() => Promise.all([...Array(20)].map((_, i) => everything.callTool('echo', { message: `b${i}` }, { timeoutMs: 10_000 }))));
console.log(`echo, 20 at once on one connection: ${ms(burst.ms)} for all`);
console.log(`server-everything child memory (VmHWM): ${mbOfKb(memoryKb(everything.pid!, 'VmHWM'))}`);

writeFileSync(join(dir, 'big.txt'), 'x'.repeat(10 * 1024 * 1024));
await fs.listTools();
const big = await timed(() => fs.callTool('read_text_file', { path: join(dir, 'big.txt') }, { timeoutMs: 60_000 }));
const cut = await timed(async () => resultText(big.value, 16_000));
console.log(`10 MB file through server-filesystem: ${ms(big.ms)} to receive; cut to 16000 chars in ${ms(cut.ms)} (full length ${cut.value.fullLength})`);
console.log(`server-filesystem child memory after it (VmHWM): ${mbOfKb(memoryKb(fs.pid!, 'VmHWM'))}`);

await hub.close();
rmSync(dir, { recursive: true, force: true });
