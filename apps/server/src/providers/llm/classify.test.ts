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

  it('treats other client errors as refused requests and 5xx as upstream failures', () => {
    expect(kind(400, { error: { message: "This model's maximum context length is 8192 tokens" } })).toBe('bad_request');
    expect(kind(404, { error: 'model "llama9" not found, try pulling it first' })).toBe('bad_request');
    expect(kind(502, '<html>Bad Gateway</html>')).toBe('upstream');
    expect(kind(503, { message: 'overloaded' })).toBe('upstream');
    expect(errorFromAnswer(500, 'x'.repeat(1000)).message.length).toBeLessThan(400);
  });
});
