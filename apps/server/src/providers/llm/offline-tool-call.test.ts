import { describe, expect, it } from 'vitest';
import { argumentsFor, offlineToolStep } from './offline-tool-call.ts';
import { TOOL_ERROR_PREFIX, type LlmMessage, type LlmToolDef } from './types.ts';

const echo: LlmToolDef = {
  name: 'everything__echo',
  description: 'Echoes back the input string',
  parameters: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
};
const asked: LlmMessage[] = [{ role: 'user', content: '你好' }];
const called = (content: string): LlmMessage[] => [
  ...asked,
  { role: 'assistant', content: '', toolCalls: [{ id: 'offline_call_1', name: 'everything__echo', arguments: '{"message":"你好"}' }] },
  { role: 'tool', toolCallId: 'offline_call_1', content },
];

describe('the offline model with tools', () => {
  it('first calls the first tool with the question in its required text field', () => {
    const step = offlineToolStep(asked, [echo], '极速对话');
    expect(step.calls).toEqual([{ id: 'offline_call_1', name: 'everything__echo', arguments: '{"message":"你好"}' }]);
    expect(step.text).toContain('离线演示');
  });

  it('answers with the real result once the tool returned, and calls nothing more', () => {
    const step = offlineToolStep(called('Echo: 你好'), [echo], '极速对话');
    expect(step.calls).toBeUndefined();
    expect(step.text).toContain('以下是工具的真实结果');
    expect(step.text).toContain('Echo: 你好');
  });

  it('says the call gave no result when it was refused or failed, not that an error is the real result', () => {
    const step = offlineToolStep(called(`${TOOL_ERROR_PREFIX}用户拒绝了此次调用。`), [echo], '极速对话');
    expect(step.text).toContain('工具没有返回结果');
    expect(step.text).toContain('工具 `everything__echo` 没有结果：用户拒绝了此次调用。');
    expect(step.text).not.toContain('错误：');
    expect(step.text).not.toContain('真实结果');
  });

  it('fills required fields by type, preferring a default or the first enum value', () => {
    const schema = {
      properties: { a: { type: 'integer' }, b: { type: 'boolean' }, c: { enum: ['x', 'y'] }, d: { type: 'string', default: 'z' }, e: { type: 'array' } },
      required: ['a', 'b', 'c', 'd', 'e', 'f'],
    };
    expect(argumentsFor(schema, '问')).toEqual({ a: 1, b: true, c: 'x', d: 'z', e: [], f: '问' });
  });
});
