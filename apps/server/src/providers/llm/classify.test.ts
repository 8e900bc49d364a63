import { describe, expect, it } from 'vitest';
import { errorFromAnswer } from './classify.ts';

const kind = (status: number, body: unknown) => errorFromAnswer(status, typeof body === 'string' ? body : JSON.stringify(body)).kind;

describe('upstream error classification', () => {
  it('tells a bad key, an empty account and a busy server apart', () => {
    expect(kind(401, { error: { message: 'Authentication Fails (no such user)', type: 'authentication_error' } })).toBe('auth');
    expect(kind(402, { error: { message: 'Insufficient Balance', type: 'unknown_error' } })).toBe('quota');
    expect(kind(429, { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } })).toBe('quota');
    expect(kind(429, { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } })).toBe('rate_limit');
    expect(kind(403, { error: { message: 'Your account is suspended' } })).toBe('quota');
    expect(kind(403, { error: { message: 'forbidden' } })).toBe('auth');
    expect(kind(400, { error: { code: 'Arrearage', message: 'Access denied, please make sure your account is in good standing.' } })).toBe('quota');
    expect(kind(400, { error: { message: 'API key not valid. Please pass a valid API key.' } })).toBe('auth');
  });

  it('knows OpenAI\'s billing codes and a gateway\'s 余额不足 as out of money', () => {
    expect(kind(429, { error: { message: 'You have run out of credits', type: 'insufficient_quota', code: 'credit_balance_exhausted' } })).toBe('quota');
    expect(kind(429, { error: { message: 'Monthly spend limit reached', type: 'insufficient_quota', code: 'project_spend_limit_exceeded' } })).toBe('quota');
    expect(kind(403, { error: { message: '用户余额不足', type: 'new_api_error', code: 'insufficient_user_quota' } })).toBe('quota');
    expect(kind(400, { error: { message: '账户余额不足，请充值', code: '1113' } })).toBe('quota');
  });

  it('tells a conversation too long for the model (OpenAI, DeepSeek, Kimi, Qwen, Zhipu)', () => {
    expect(kind(400, { error: { message: "This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens.", type: 'invalid_request_error', param: 'messages', code: 'context_length_exceeded' } })).toBe('context_length');
    expect(kind(400, { error: { message: "This model's maximum context length is 65536 tokens. However, you requested 70011 tokens", type: 'invalid_request_error', code: 'invalid_request_error' } })).toBe('context_length');
    expect(kind(400, { error: { message: 'Invalid request: Your request exceeded model token limit: 8192', type: 'invalid_request_error' } })).toBe('context_length');
    expect(kind(400, { error: { message: 'Range of input length should be [1, 30720]', type: 'invalid_request_error', code: 'invalid_parameter_error' } })).toBe('context_length');
    expect(kind(400, { error: { code: '1261', message: 'Prompt 超长' } })).toBe('context_length');
  });

  it('tells a content check that refused (Azure content_filter, DashScope data_inspection_failed, Zhipu 1301), also inside the stream', () => {
    expect(kind(400, { error: { message: "The response was filtered due to the prompt triggering Azure OpenAI's content management policy.", type: null, param: 'prompt', code: 'content_filter', status: 400 } })).toBe('content_filter');
    expect(kind(400, { error: { code: 'data_inspection_failed', param: null, message: 'Input data may contain inappropriate content.', type: 'data_inspection_failed' } })).toBe('content_filter');
    expect(kind(0, { error: { code: 'data_inspection_failed', message: 'Output data may contain inappropriate content.', type: 'data_inspection_failed' } })).toBe('content_filter');
    expect(kind(400, { error: { code: '1301', message: '系统检测到输入或生成内容可能包含不安全或敏感内容，请您避免输入易产生敏感内容的提示语，感谢您的配合。' } })).toBe('content_filter');
  });

  it('treats other client errors as refused requests and 5xx as upstream failures', () => {
    expect(kind(400, { error: { message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", type: 'invalid_request_error', param: 'max_tokens', code: 'unsupported_parameter' } })).toBe('bad_request');
    expect(kind(404, { error: 'model "llama9" not found, try pulling it first' })).toBe('bad_request');
    expect(kind(502, '<html>Bad Gateway</html>')).toBe('upstream');
    expect(kind(503, { message: 'overloaded' })).toBe('upstream');
    expect(errorFromAnswer(500, 'x'.repeat(1000)).message.length).toBeLessThan(400);
  });
});
