import { LlmError, type LlmErrorKind } from './types.ts';

const QUOTA_CODES = new Set([
  'insufficient_quota',
  'insufficient_balance',
  'insufficient_user_quota',
  'billing_hard_limit_reached',
  'billing_not_active',
  'quota_exceeded',
  'arrearage',
  'account_deactivated',
  'access_terminated',
]);
const QUOTA_TEXT = /quota|insufficient[ _](balance|funds|credit)|billing|arrear|suspended|deactivated|banned|余额|欠费|额度|封禁/i;
const AUTH_TEXT = /invalid[ _-]?(api[ _-]?)?key|incorrect api key|api[ _-]?key.{0,20}(invalid|not valid|incorrect)|authentication|unauthori[sz]ed/i;

interface Parsed {
  message: string;
  code: string;
}

/** Pulls a message and a machine code out of the error bodies OpenAI-compatible servers send. */
export function parseErrorBody(body: unknown): Parsed {
  const pick = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  if (typeof body === 'string') return { message: body, code: '' };
  if (!body || typeof body !== 'object') return { message: '', code: '' };
  const b = body as Record<string, unknown>;
  const err = b.error;
  if (typeof err === 'string') return { message: err, code: pick(b.code) };
  if (err && typeof err === 'object') {
    const e = err as Record<string, unknown>;
    return { message: pick(e.message), code: pick(e.code) || pick(e.type) };
  }
  return { message: pick(b.message) || pick(b.msg), code: pick(b.code) || pick(b.type) };
}

function kindOf(status: number, { message, code }: Parsed): LlmErrorKind {
  const quota = QUOTA_CODES.has(code.toLowerCase()) || QUOTA_TEXT.test(message);
  if (status === 401) return 'auth';
  if (status === 402) return 'quota';
  if (status === 403) return quota ? 'quota' : 'auth';
  if (status === 429) return quota ? 'quota' : 'rate_limit';
  if (status === 408) return 'timeout';
  if (status >= 500 || status === 0) return quota ? 'quota' : 'upstream';
  if (quota) return 'quota';
  if (AUTH_TEXT.test(message) || AUTH_TEXT.test(code)) return 'auth';
  return 'bad_request';
}

/** An HTTP error answer (status >= 400), or an error object inside the stream (status 0). */
export function errorFromAnswer(status: number, bodyText: string): LlmError {
  let body: unknown = bodyText;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // not JSON: the text is the message
  }
  const parsed = parseErrorBody(body);
  const detail = (parsed.message || bodyText).replace(/\s+/g, ' ').trim().slice(0, 300);
  const label = status ? `HTTP ${status}` : 'stream error';
  return new LlmError(kindOf(status, parsed), detail ? `${label}: ${detail}` : label, status || undefined);
}
