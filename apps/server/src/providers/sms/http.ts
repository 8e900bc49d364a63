import { guardRefusal } from '../../core/safe-fetch.ts';
import { SmsSendError } from './types.ts';

export const SMS_TIMEOUT_MS = 10_000;

/**
 * One request to an SMS gateway, answered with its parsed JSON body whatever the HTTP status
 * (both vendors put their error codes in the body). Network failures, timeouts and
 * non-JSON answers become SmsSendError.
 */
export async function callGateway(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  let res: { status: number; text: string };
  try {
    const answer = await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    res = { status: answer.status, text: await answer.text() };
  } catch (err) {
    if (err instanceof Error && err.name === 'TimeoutError') {
      throw new SmsSendError('短信服务响应超时，请稍后重试');
    }
    const refused = guardRefusal(err);
    if (refused) throw new SmsSendError(`无法连接短信服务：${refused.message}`);
    const code = (err as { cause?: { code?: unknown } }).cause?.code;
    throw new SmsSendError(`无法连接短信服务${typeof code === 'string' ? `（${code}）` : ''}，请稍后重试`);
  }
  try {
    return { status: res.status, body: JSON.parse(res.text) };
  } catch {
    throw new SmsSendError(`短信服务返回了无法识别的响应（HTTP ${res.status}）`);
  }
}
