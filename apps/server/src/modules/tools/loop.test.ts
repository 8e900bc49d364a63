import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineChat } from '../../providers/llm/offline.ts';
import { OpenAiChat } from '../../providers/llm/openai.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken } from '../admin/test-kit.ts';
import { startToolUpstream, type FakeAnswer } from './fake-tool-upstream.ts';
import { maxToolCost, runToolLoop, type ToolStepEvent } from './loop.ts';

const require = createRequire(import.meta.url);
const everything = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist/index.js');

let t: TestApp;
let script: (body: any) => FakeAnswer = () => ({ text: ['好'] });
let up: Awaited<ReturnType<typeof startToolUpstream>>;
beforeAll(async () => {
  t = await createTestApp({ env: { MCP_SERVERS: JSON.stringify({ everything: { command: process.execPath, args: [everything, 'stdio'] } }), MCP_CALL_TIMEOUT_MS: '10000' } });
  const admin = await adminToken(t);
  for (const [tool, price] of [
    ['echo', 3],
    ['get-sum', 2],
    ['trigger-long-running-operation', 1],
  ] as const)
    await t.call('POST', `/api/admin/tools/everything/${tool}`, { token: admin.token, body: { enabled: true, price } });
  up = await startToolUpstream((b) => script(b));
}, 30_000);
afterAll(async () => {
  await up.close();
  await t.close();
});

const run = async (allowedNames: string[], o: { maxRounds?: number; signal?: AbortSignal; offline?: boolean } = {}) => {
  const chat = o.offline ? new OfflineChat({ delayMs: 0, modelLabel: '离线模型' }) : new OpenAiChat({ baseUrl: up.url, apiKey: 'k', timeoutMs: 20_000 });
  const allowed = (await t.tools.enabledTools()).filter((x) => allowedNames.includes(x.name));
  const steps: ToolStepEvent[] = [];
  let text = '';
  const result = await runToolLoop({
    stream: (req) => chat.stream({ ...req, model: 'm' }),
    request: { messages: [{ role: 'user', content: '算一下 2+40' }], signal: o.signal },
    allowed,
    tools: t.tools,
    maxRounds: o.maxRounds ?? 5,
    onDelta: (d) => void (text += d),
    onStep: (e) => void steps.push(e),
  });
  return { result, steps, text, allowed };
};
const toolMessages = (body: any) => body.messages.filter((m: { role: string }) => m.role === 'tool');

describe('a turn with tools (fake upstream streaming real tool_calls, real server-everything)', () => {
  it('runs parallel calls with split arguments, sends results back, then the answer; charges only the calls that succeeded', async () => {
    script = (b) =>
      toolMessages(b).length
        ? { text: ['和是 ', '42'] }
        : {
            calls: [
              { id: 'c1', name: 'everything__echo', args: ['{"message"', ':"嗨"}'] },
              { id: 'c2', name: 'everything__get-sum', args: ['{"a":2,', '"b":40}'] },
              { id: 'c3', name: 'everything__echo', args: ['{"message":5}'] },
            ],
          };
    const { result, steps, text } = await run(['echo', 'get-sum']);
    expect(text).toBe('和是 42');
    expect(result).toMatchObject({ toolCost: 3 + 2, calls: 3, rounds: 2 });
    expect(steps.filter((s) => s.type === 'tool_start').map((s) => [s.name, (s as { arguments: string }).arguments])).toEqual([
      ['everything__echo', '{"message":"嗨"}'],
      ['everything__get-sum', '{"a":2,"b":40}'],
      ['everything__echo', '{"message":5}'],
    ]);
    const results = steps.filter((s): s is Extract<ToolStepEvent, { type: 'tool_result' }> => s.type === 'tool_result');
    expect(results.map((r) => [r.id, r.ok, r.price])).toEqual([
      ['c1', true, 3],
      ['c2', true, 2],
      ['c3', false, 0],
    ]);
    const back = toolMessages(up.requests.at(-1));
    expect(back.map((m: { tool_call_id: string }) => m.tool_call_id)).toEqual(['c1', 'c2', 'c3']);
    expect(back[0].content).toBe('Echo: 嗨');
    expect(back[1].content).toContain('42');
  }, 30_000);

  it('refuses a tool that does not exist and one the user did not pick, without calling them, and tells the model', async () => {
    script = (b) =>
      toolMessages(b).length
        ? { text: ['无法调用'] }
        : {
            calls: [
              { id: 'x1', name: 'everything__no_such_tool', args: ['{}'] },
              { id: 'x2', name: 'everything__get-sum', args: ['{"a":1,"b":1}'] },
            ],
          };
    const { result, steps } = await run(['echo']);
    expect(result).toMatchObject({ toolCost: 0, calls: 0 });
    const results = steps.filter((s): s is Extract<ToolStepEvent, { type: 'tool_result' }> => s.type === 'tool_result');
    expect(results.every((r) => !r.ok && r.refused && r.price === 0)).toBe(true);
    expect(toolMessages(up.requests.at(-1)).map((m: { content: string }) => m.content)).toEqual([
      expect.stringContaining('不存在或未启用'),
      expect.stringContaining('不存在或未启用'),
    ]);
    // The tools offered were only the picked one.
    expect(up.requests.at(-1).tools.map((x: { function: { name: string } }) => x.function.name)).toEqual(['everything__echo']);
  }, 30_000);

  it('stops offering tools after the last round, so the model has to answer', async () => {
    const before = up.requests.length;
    script = (b) => (b.tools ? { calls: [{ id: `r${toolMessages(b).length}`, name: 'everything__echo', args: ['{"message":"again"}'] }] } : { text: ['够了'] });
    const { result, text } = await run(['echo'], { maxRounds: 2 });
    expect(up.requests.length - before).toBe(3);
    expect(up.requests.at(-1)).not.toHaveProperty('tools');
    expect(text).toBe('够了');
    expect(result).toMatchObject({ calls: 2, toolCost: 6, rounds: 3 });
  }, 30_000);

  it('stop during a call ends the turn as aborted, quickly', async () => {
    script = () => ({ calls: [{ id: 'l1', name: 'everything__trigger-long-running-operation', args: ['{"duration":20,"steps":2}'] }] });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 400);
    const started = Date.now();
    await expect(run(['trigger-long-running-operation'], { signal: ctl.signal })).rejects.toMatchObject({ kind: 'aborted' });
    expect(Date.now() - started).toBeLessThan(5000);
  }, 30_000);

  it('the offline model calls the first tool with arguments from its schema and answers with its real result, labelled 离线演示', async () => {
    const { result, steps, text } = await run(['echo'], { offline: true });
    expect(steps[0]).toMatchObject({ type: 'tool_start', name: 'everything__echo', arguments: '{"message":"算一下 2+40"}' });
    expect(steps[1]).toMatchObject({ type: 'tool_result', ok: true, text: 'Echo: 算一下 2+40' });
    expect(text).toContain('离线演示');
    expect(text).toContain('Echo: 算一下 2+40');
    expect(result).toMatchObject({ calls: 1, toolCost: 3 });
  }, 30_000);

  it('the hold covers rounds × calls per round × the dearest tool', async () => {
    const allowed = await t.tools.enabledTools();
    expect(maxToolCost(allowed, 5)).toBe(3 * 5 * 4);
    expect(maxToolCost([], 5)).toBe(0);
  });
});
