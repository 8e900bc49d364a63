import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allRoutes, methodsOf, type ManifestRoute } from '@app/shared/routes';
import { createTestApp, type TestApp } from './testing/harness.ts';

/**
 * Bad input is never a 500: every route of the manifest gets malformed params, queries and bodies
 * (wrong types, NUL, lone surrogates, huge and negative numbers, huge arrays, deep objects, empty,
 * invalid JSON, a wrong content type) with no token, a bad token and a valid one. No reply may be
 * 5xx, and no log line may carry a secret (argon2 hash, bearer token).
 */

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
let userToken = '';
const BAD_TOKEN = 'fuzz-bad-token-0123456789abcdef0123456789';
const PASSWORD = 'fuzz-pass-1234';
const tokensSeen = new Set<string>();

async function freshUser(n: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login/register',
    payload: { userName: `fuzzer_${n}`, password: PASSWORD },
    remoteAddress: `10.77.${n >> 8}.${n & 255}`,
  });
  const token = res.json().data?.token as string;
  if (!token) throw new Error(`register failed: ${res.body}`);
  tokensSeen.add(token);
  return token;
}

beforeAll(async () => {
  t = await createTestApp({ env: { DEV_EXPOSE_SMS_CODES: '1' }, kv: 'memory', logger: { level: 'info', stream: logStream } });
  userToken = await freshUser(1);
});
afterAll(() => t.close());

const NUL = 'a\u0000b';
const HIGH = 'x\uD800y';
const LOW = '\uDC00';
const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });
const BAD_VALUES: unknown[] = [
  NUL,
  HIGH,
  LOW,
  '',
  'x'.repeat(20_000),
  2 ** 31,
  2 ** 53,
  1e308,
  -1,
  0,
  1.5,
  true,
  null,
  [],
  Array.from({ length: 100_000 }, (_, i) => i),
  deep(40),
  { $gt: '' },
];
/** Query values are strings. */
const BAD_QUERY_VALUES = [NUL, HIGH, LOW, '', 'x'.repeat(5000), '2147483648', '99999999999999999999', '-1', '1e400', '1.5', 'NaN', '[object Object]'];
const BAD_PATH_VALUES = ['%00', 'a%00b', '%ED%A0%80', '%C0%80', '2147483648', '99999999999999999999', '-1', '0', '1.5', 'abc', 'x'.repeat(3000), '%'];

function fields(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
    return Object.keys(json.properties ?? {});
  } catch {
    return [];
  }
}

/**
 * A valid input for routes whose handler does real work, so that one bad field at a time reaches
 * the service and the database (a lone bad field in an otherwise empty body stops at validation).
 */
const VALID: Record<string, { query?: Record<string, string>; body?: Record<string, unknown> }> = {
  'auth.loginAccount': { body: { userName: 'fuzzer_1', password: 'wrong-pass-1' } },
  'auth.register': { body: { userName: 'fuzzer_x', password: 'fuzz-pass-1234' } },
  'auth.loginMobile': { body: { mobile: '13800000000', sms_code: '123456', sms_id: 'abcdefgh' } },
  'auth.wechatPoll': { query: { login_ticket: 'abcdefgh1234' } },
  'auth.wechatOauthInfo': { query: { code: 'dev_abcdefg', login_ticket: 'abcdefgh1234' } },
  'user.update': { body: { nickname: '测试' } },
  'growth.behavior': { body: { type: 1, code: 'page_view', client_timestamp: 1 } },
  'growth.collectWeb': { body: { url: 'https://example.com/' } },
  'chat.create': { body: { input: '你好', uuid: 1 } },
  'chat.history': { query: { uuid: '1' } },
  'chat.histories': { query: { type: '1' } },
  'chat.historyDelete': { body: { uuid: 1 } },
  'chat.groupUpdate': { body: { uuid: 1, title: '标题' } },
  'chat.groupDelAll': { body: { type: [1] } },
  'chat.messageDelete': { body: { id: 1 } },
  'chat.messagesClear': { body: { groupId: 1 } },
  'chat.stop': { body: { secret: 'x'.repeat(32) } },
  'apps.collect': { body: { appId: 1 } },
  'apps.delMineApp': { body: { appId: 1 } },
  'apps.customApp': { body: { title: '应用', prompt: '请回答' } },
  'apps.store': { query: { keyword: '写作' } },
  'billing.orderBuy': { body: { goodsId: 1, payType: 'wxpay' }, query: { goodsId: '1', payType: 'wxpay' } },
  'billing.payQrcode': { body: { package_id: 1 }, query: { package_id: '1' } },
  'billing.orderBind': { body: { order_sn: '202611220000000001' } },
  'document.query': { query: { token: 'a'.repeat(32) } },
  'document.delete': { body: { token: 'a'.repeat(32) } },
  'document.askValidate': { body: { token: 'a'.repeat(32), question: '总结' } },
  'document.stop': { body: { token: 'a'.repeat(32) } },
  'document.add': { body: { files: 'docs/a.txt', upload_token: 'x'.repeat(32), name: 'a.txt', file_size: 10, file_ext: 'txt' } },
};

interface Case {
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

function pathWith(r: ManifestRoute, value: string | null) {
  return r.path.replace(/:([A-Za-z0-9_]+)|\*$/g, () => value ?? '1');
}

function casesFor(r: ManifestRoute & { key: string }, method: string, full: boolean): Case[] {
  const base = pathWith(r, null);
  const cases: Case[] = [];
  const q = (params: Record<string, string>) => `${base}?${new URLSearchParams(params).toString()}`;
  const hasBody = method !== 'GET';
  // Path ids and keys.
  if (/:|\*$/.test(r.path)) for (const v of full ? BAD_PATH_VALUES : BAD_PATH_VALUES.slice(0, 3)) cases.push({ url: pathWith(r, v) });
  // Query fields (also raw, so that percent-encoded NUL and bad UTF-8 arrive as the parser makes them).
  const queryFields = fields(r.query);
  const valid = VALID[r.key] ?? {};
  for (const f of full ? queryFields : queryFields.slice(0, 1)) {
    for (const v of full ? BAD_QUERY_VALUES : BAD_QUERY_VALUES.slice(0, 3)) {
      cases.push({ url: full && valid.query ? q({ ...valid.query, [f]: v }) : q({ [f]: v }) });
    }
    cases.push({ url: `${base}?${f}=%00`, payload: undefined });
    cases.push({ url: `${base}?${f}=%ED%A0%80&${f}=2` });
    cases.push({ url: `${base}?${f}[a][b]=1` });
  }
  if (full) cases.push({ url: `${base}?%00=1&x=${'y'.repeat(100)}` });
  if (!hasBody) return cases;
  // Body fields, one at a time.
  const bodyFields = fields(r.body);
  const json = (v: unknown) => ({ url: base, payload: JSON.stringify(v), contentType: 'application/json' });
  for (const f of full ? bodyFields : bodyFields.slice(0, 1)) {
    for (const v of full ? BAD_VALUES : BAD_VALUES.slice(0, 3)) {
      cases.push(json(full && valid.body ? { ...valid.body, [f]: v } : { [f]: v }));
    }
  }
  // Whole bodies.
  const wholes: Case[] = [
    json({}),
    json([]),
    json('x\u0000'),
    json(null),
    json(Array.from({ length: 100_000 }, () => 1)),
    json(deep(2000)),
    json({ type: Array.from({ length: 100_000 }, () => 1) }),
    { url: base, payload: '{"a":', contentType: 'application/json' },
    { url: base, payload: '{"a":"\\ud800"}', contentType: 'application/json' },
    { url: base, payload: '{"a":"\\u0000"}', contentType: 'application/json' },
    { url: base, payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
    { url: base, payload: '<xml><a>\u0000</a></xml>', contentType: 'text/xml' },
    { url: base, payload: Buffer.from([0xff, 0xfe, 0x00, 0xd8]), contentType: 'application/octet-stream' },
    { url: base, payload: '--x\r\nContent-Disposition: form-data; name="feature"\r\n\r\n\u0000\r\n--x--\r\n', contentType: 'multipart/form-data; boundary=x' },
    { url: base, payload: '', contentType: 'image/png' },
  ];
  cases.push(...(full ? wholes : wholes.slice(0, 4)));
  return cases;
}

describe('fuzzing every route of the manifest', () => {
  it('never answers 5xx and never logs a secret', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const r of allRoutes()) {
      for (const method of methodsOf(r)) {
        if (!t.routes.some((x) => x.method === method && x.url === r.path)) continue; // the resume route, until registered
        for (const auth of ['none', 'bad', 'user'] as const) {
          // Without a valid token, a route that needs one stops at the access hook: a few cases suffice.
          // A bad token on an open route is a guest, as no token is: the full set runs with none and with a user.
          const full = auth === 'user' || (auth === 'none' && (r.access === 'none' || r.access === 'guest'));
          for (const c of casesFor(r, method, full)) {
            const headers: Record<string, string> = {};
            if (c.contentType) headers['content-type'] = c.contentType;
            if (auth === 'bad') headers.authorization = `Bearer ${BAD_TOKEN}`;
            if (auth === 'user') headers.authorization = `Bearer ${userToken}`;
            const res = await t.app.inject({ method: method as 'GET', url: c.url, payload: c.payload, headers });
            requests++;
            if (res.statusCode >= 500) failures.push(`${res.statusCode} ${method} ${c.url.slice(0, 200)} [${auth}] ${String(c.payload ?? '').slice(0, 120)} -> ${res.body.slice(0, 200)}`);
          }
          // Some routes end the session (logout, a password change): keep fuzzing as a logged-in user.
          if (auth === 'user') {
            const me = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { authorization: `Bearer ${userToken}` } });
            if (me.json().code !== 200) userToken = await freshUser(requests);
          }
        }
      }
    }
    console.log(`fuzz: ${requests} requests, ${failures.length} with status >= 500${failures.map((f) => `\n  ${f}`).join('')}`);
    expect(failures).toEqual([]);
    const text = logLines.join('');
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(BAD_TOKEN);
    for (const token of tokensSeen) expect(text).not.toContain(token);
    expect(requests).toBeGreaterThan(4000);
  }, 180_000);
});
