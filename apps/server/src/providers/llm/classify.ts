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
  // OpenAI's billing codes (HTTP 429, type insufficient_quota)
  'credit_balance_exhausted',
  'organization_spend_limit_exceeded',
  'project_spend_limit_exceeded',
]);
/** OpenAI, Azure OpenAI (`content_filter`), Qwen/DashScope (`data_inspection_failed`), one-api/new-api gateways, Zhipu (1301). */
const CONTENT_CODES = new Set(['content_filter', 'content_policy_violation', 'data_inspection_failed', 'sensitive_words_detected', '1301']);
const CONTENT_TEXT = /content (management )?polic|content[ _]filter|inappropriate content|safety system|high risk|敏感|不安全|违规|审核/i;
/** OpenAI `context_length_exceeded`; DeepSeek, Kimi, Qwen and Zhipu (1261) say it only in words. */
const CONTEXT_CODES = new Set(['context_length_exceeded', 'model_context_window_exceeded', 'string_above_max_length', '1261']);
const CONTEXT_TEXT = /maximum context length|context[ _](length|window)|exceeded model token limit|range of input length|input (is )?too long|prompt is too long|too many tokens|上下文.{0,6}(长度|超)|超长|过长/i;
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
  const lower = code.toLowerCase();
  const quota = QUOTA_CODES.has(lower) || QUOTA_TEXT.test(message);
  if (CONTENT_CODES.has(lower)) return 'content_filter';
  if (CONTEXT_CODES.has(lower)) return 'context_length';
  if (status === 401) return 'auth';
  if (status === 402) return 'quota';
  if (status === 403) return quota ? 'quota' : 'auth';
  if (status === 429) return quota ? 'quota' : 'rate_limit';
  if (status === 408) return 'timeout';
  if (status >= 500 || status === 0) return quota ? 'quota' : 'upstream';
  if (quota) return 'quota';
  if (AUTH_TEXT.test(message) || AUTH_TEXT.test(code)) return 'auth';
  if (CONTEXT_TEXT.test(message)) return 'context_length';
  if (CONTENT_TEXT.test(message)) return 'content_filter';
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
