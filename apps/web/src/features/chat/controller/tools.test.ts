import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolStep } from '@app/shared';
import { heldSse } from '../../../test/mock-api.ts';
import { saveRecord } from '../../../lib/stream-run/record.ts';
import { applyToolStep, prettyArguments, previewResult, secondsLeft } from '../logic/tool-steps.ts';
import { useChat } from '../stores/chat-store.ts';
import { useDraft } from '../stores/draft-store.ts';
import type { QueryClient } from '@tanstack/react-query';
import { toolKeys, toolListQuery } from '../hooks/useToolList.ts';
import { pickOf, useToolStore } from '../stores/tool-store.ts';
import { mockApi, ok, queryClient, seedToolList, serverGroup, serverMessage, session, sse } from '../test/fixtures.ts';
import { loadHistory } from './groups.ts';
import { pendingResume } from './pending-resume.ts';
import { resumeReply } from './resume.ts';
import { answerToolCall, toolsForTurn } from './tools.ts';
import { sendMessage } from './turns.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const SECRET = 's'.repeat(32);
const ECHO = { name: 'everything__echo', server: 'everything', tool: 'echo', title: 'Echo', description: 'Echoes back the input string', price: 2 };
const ADD = { name: 'everything__add', server: 'everything', tool: 'add', title: '', description: 'Adds two numbers', price: 0 };
const step = (patch: Partial<ToolStep> = {}): ToolStep => ({
  id: 'c1',
  round: 1,
  name: 'everything__echo',
  server: 'everything',
  tool: 'echo',
  arguments: '{"message":"你好"}',
  status: 'running',
  ...patch,
});
const done = { type: 'done', uuid: 7, messageId: 12, userMessageId: 11, status: 'complete', usage: null, charged: 3 };

let client: QueryClient;

beforeEach(() => {
  useChat.getState().reset();
  useDraft.getState().clear();
  useToolStore.setState({ picks: {} });
  client = queryClient();
  localStorage.clear();
  sessionStorage.clear();
  session();
});
afterEach(() => vi.unstubAllGlobals());

describe('tool steps (logic)', () => {
  it('a step with a known id replaces the earlier state; a new id comes last', () => {
    const one = applyToolStep(undefined, step());
    const two = applyToolStep(one, step({ id: 'c2', name: 'everything__add' }));
    const after = applyToolStep(two, step({ status: 'ok', result: 'Echo: 你好', ms: 40 }));
    expect(after.map((s) => [s.id, s.status])).toEqual([
      ['c1', 'ok'],
      ['c2', 'running'],
    ]);
    expect(two[0]!.status).toBe('running');
  });

  it('pretty arguments, the result preview and the seconds left', () => {
    expect(prettyArguments('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyArguments('not json')).toBe('not json');
    expect(prettyArguments('')).toBe('{}');
    expect(previewResult('短')).toEqual({ text: '短', more: false });
    const long = previewResult('字'.repeat(700));
    expect([Array.from(long.text).length, long.more]).toEqual([600, true]);
    expect(secondsLeft('2026-01-01T00:00:10.000Z', Date.parse('2026-01-01T00:00:00.500Z'))).toBe(10);
    expect(secondsLeft('2026-01-01T00:00:10.000Z', Date.parse('2026-01-01T00:01:00Z'))).toBe(0);
    expect(secondsLeft(undefined, 0)).toBeNull();
  });
});

describe('the pick (tool store) and the lists (queries)', () => {
  it('is per conversation, the device pick for a new one or one never picked for, and only tools the model lists are sent', () => {
    seedToolList(client, 'ai_35', [ECHO, ADD]);
    useToolStore.getState().setPick(0, ['everything__echo', 'gone__tool']);
    useToolStore.getState().setPick(5, ['everything__add']);
    expect(toolsForTurn(0, 'ai_35')).toEqual(['everything__echo']);
    expect(toolsForTurn(5, 'ai_35')).toEqual(['everything__add']);
    expect(toolsForTurn(9, 'ai_35')).toEqual(['everything__echo']);
    // A model without tools sends none.
    expect(toolsForTurn(0, 'deepseek_v3')).toEqual([]);
    // Remembered on this device.
    expect(JSON.parse(localStorage.getItem('chatTools')!).data).toEqual({ '0': ['everything__echo', 'gone__tool'], '5': ['everything__add'] });
  });

  it('a list is fetched per model and user; a failure counts as no tools; a guest has none', async () => {
    const api = mockApi({ 'GET /api/chat/tools': (_b, url) => (url.searchParams.get('feature') === 'ai_35' ? ok({ list: [ECHO], maxRounds: 5 }) : { status: 500, body: { code: 500, message: 'x' } }) });
    await Promise.all([client.fetchQuery(toolListQuery('ai_35', 'tok')), client.fetchQuery(toolListQuery('ai_35', 'tok'))]);
    // Fresh: not fetched again.
    await client.fetchQuery(toolListQuery('ai_35', 'tok'));
    await expect(client.fetchQuery(toolListQuery('other', 'tok'))).rejects.toThrow();
    expect(api.find('GET', '/api/chat/tools').map((c) => c.url.searchParams.get('feature'))).toEqual(['ai_35', 'other']);
    expect(client.getQueryData(toolKeys.list('ai_35', 'tok'))).toEqual([ECHO]);
    useToolStore.getState().setPick(0, ['everything__echo']);
    expect(toolsForTurn(0, 'ai_35')).toEqual(['everything__echo']);
    expect(toolsForTurn(0, 'other')).toEqual([]);
    // Another user's list is not theirs; a guest sends none.
    session({ token: 'other-user' });
    expect(toolsForTurn(0, 'ai_35')).toEqual([]);
    session({ token: null });
    expect(toolsForTurn(0, 'ai_35')).toEqual([]);
    expect(toolListQuery('ai_35', null).enabled).toBe(false);
  });

  it("an admin's change fetched again: chat/create's tools follow it (a tool taken away is left out, the pick keeps it)", async () => {
    let list = [ECHO, ADD];
    mockApi({ 'GET /api/chat/tools': () => ok({ list, maxRounds: 5 }) });
    await client.fetchQuery(toolListQuery('ai_35', 'tok'));
    useToolStore.getState().setPick(0, ['everything__echo', 'everything__add']);
    expect(toolsForTurn(0, 'ai_35')).toEqual(['everything__echo', 'everything__add']);
    list = [ECHO];
    await client.refetchQueries({ queryKey: toolKeys.all });
    expect(toolsForTurn(0, 'ai_35')).toEqual(['everything__echo']);
    expect(pickOf(useToolStore.getState().picks, 0)).toEqual(['everything__echo', 'everything__add']);
    list = [];
    await client.refetchQueries({ queryKey: toolKeys.all });
    expect(toolsForTurn(0, 'ai_35')).toEqual([]);
  });
});

describe('a turn with tools', () => {
  it('sends the pick on chat/create, shows each tool event on the reply (same id replaces), keeps the steps after done, and the new conversation keeps its pick', async () => {
    seedToolList(client, 'ai_35', [ECHO, ADD]);
    useToolStore.getState().setPick(0, ['everything__echo']);
    const stream = heldSse({ type: 'delta', text: '> 离线演示\n\n' }, { type: 'tool', step: step() });
    const api = mockApi({
      'POST /api/chat/create': () => ok({ uuid: 7, secret: SECRET }),
      'GET /api/chat/stream': stream.route,
      'GET /api/chat/histories': () => ok({ list: [serverGroup(7)] }),
    });
    const sending = sendMessage('你好');
    await vi.waitFor(() => expect(useChat.getState().chatList[1]?.tools).toEqual([step()]));
    expect(api.find('POST', '/api/chat/create')[0]!.body).toMatchObject({ input: '你好', tools: ['everything__echo'] });
    stream.push({ type: 'tool', step: step({ status: 'ok', result: 'Echo: 你好', ms: 12, price: 2 }) });
    await vi.waitFor(() => expect(useChat.getState().chatList[1]!.tools![0]!.status).toBe('ok'));
    expect(useChat.getState().chatList[1]!.tools).toHaveLength(1);
    stream.close({ type: 'delta', text: '工具返回：Echo: 你好' }, done);
    await sending;
    const reply = useChat.getState().chatList[1]!;
    expect(reply).toMatchObject({ id: 12, loading: false });
    expect(reply.tools).toEqual([step({ status: 'ok', result: 'Echo: 你好', ms: 12, price: 2 })]);
    expect(pickOf(useToolStore.getState().picks, 7)).toEqual(['everything__echo']);
  });

  it('without a pick (or for a model without tools) chat/create gets no tools', async () => {
    const api = mockApi({
      'POST /api/chat/create': () => ok({ uuid: 7, secret: SECRET }),
      'GET /api/chat/stream': () => ({ sse: sse({ type: 'delta', text: '好' }, done) }),
      'GET /api/chat/histories': () => ok({ list: [serverGroup(7)] }),
    });
    useToolStore.getState().setPick(0, ['everything__echo']);
    await sendMessage('你好');
    expect(api.find('POST', '/api/chat/create')[0]!.body).not.toHaveProperty('tools');
  });

  it('a reload mid-call: the resume event brings the finished call and the one in flight, later events update them', async () => {
    const context = { uuid: 7, question: '你好', images: [], model: 'ai_35', scope: '1,3', retry: false };
    saveRecord({ secret: SECRET, kind: 'chat', context, startedAt: Date.now() });
    const second = step({ id: 'c2', name: 'everything__add', tool: 'add', arguments: '{"a":1,"b":2}' });
    const stream = heldSse({ type: 'resume', text: '前文', tools: [step({ status: 'ok', result: 'Echo: 你好' }), second] });
    mockApi({
      'GET /api/chat/history': () => ok({ list: [serverMessage(1, true, '你好')] }),
      'GET /api/turns/resume': stream.route,
    });
    useChat.setState({ active: 7 });
    await loadHistory(7);
    const resuming = resumeReply(pendingResume()!);
    await vi.waitFor(() => expect(useChat.getState().chatList[1]?.tools?.map((s) => s.status)).toEqual(['ok', 'running']));
    // The confirm answer goes with the secret of the turn in flight (the resumed one here).
    const api = mockApi({
      'POST /api/chat/tools/confirm': () => ok(null),
      'GET /api/turns/resume': stream.route,
    });
    expect(await answerToolCall('c2', false)).toBe(true);
    expect(api.find('POST', '/api/chat/tools/confirm')[0]!.body).toEqual({ secret: SECRET, id: 'c2', allow: false });
    stream.close({ type: 'tool', step: { ...second, status: 'refused' } }, { type: 'delta', text: '，完' }, done);
    await resuming;
    expect(useChat.getState().chatList[1]).toMatchObject({ text: '前文，完', loading: false });
    expect(useChat.getState().chatList[1]!.tools!.map((s) => s.status)).toEqual(['ok', 'refused']);
  });

  it('the history gives a saved reply its steps', async () => {
    const saved = [step({ status: 'ok', result: 'Echo: 你好', ms: 8, price: 2 })];
    mockApi({ 'GET /api/chat/history': () => ok({ list: [serverMessage(1, true, '你好'), serverMessage(2, false, '答', { tools: saved })] }) });
    useChat.setState({ active: 7 });
    await loadHistory(7);
    expect(useChat.getState().chatList[1]!.tools).toEqual(saved);
    expect(useChat.getState().chatList[0]).not.toHaveProperty('tools');
  });

  it('no turn in flight: a confirm answer is not sent', async () => {
    const api = mockApi({});
    expect(await answerToolCall('c1', true)).toBe(false);
    expect(api.calls).toHaveLength(0);
  });
});
