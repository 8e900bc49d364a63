import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { safeFetch } from '../../core/safe-fetch.ts';
import { startFakeSearch, PRIVATE_RESULT_URL, type FakeSearch } from './fakes/search.ts';
import { htmlToText, trimText, decodeBody } from './html-text.ts';
import { createSearchProvider, readSources, searchWeb, SearchError } from './index.ts';
import { SEARXNG_HEADERS, SearxngSearch } from './searxng.ts';
import { TavilySearch } from './tavily.ts';

let fake: FakeSearch;
let allow: string[];
beforeAll(async () => {
  fake = await startFakeSearch({ key: 'tvly-test' });
  allow = [fake.hostPort];
});
afterAll(() => fake.close());

const errorOf = async (p: Promise<unknown>): Promise<SearchError> => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(SearchError);
    return e as SearchError;
  }
  throw new Error('expected a SearchError');
};
const kindOf = async (p: Promise<unknown>) => (await errorOf(p)).kind;

describe('SearXNG', () => {
  it('asks GET /search?q=…&format=json and reads results[].url/title/content', async () => {
    const s = new SearxngSearch({ baseUrl: fake.url, timeoutMs: 2000 });
    const results = await s.search('量子计算', { limit: 3 });
    expect(results).toHaveLength(3);
    expect(results[0]).toEqual({ url: expect.stringContaining(`${fake.url}/page/1`), title: '来源1：量子计算', content: '第 1 条结果的摘要：量子计算。' });
    expect(fake.requests.at(-1)).toMatchObject({ protocol: 'searxng', query: '量子计算', language: 'zh-CN' });
  });

  it('an empty result list is [], a 500 or no JSON a SearchError', async () => {
    const s = new SearxngSearch({ baseUrl: `${fake.url}/`, timeoutMs: 2000 });
    expect(await s.search('[[empty]] x', { limit: 3 })).toEqual([]);
    expect(await kindOf(s.search('[[500]] x', { limit: 3 }))).toBe('upstream');
    expect(await kindOf(s.search('[[garbage]] x', { limit: 3 }))).toBe('bad_reply');
  });

  it('gives up on a silent instance at the timeout', async () => {
    const s = new SearxngSearch({ baseUrl: fake.url, timeoutMs: 150 });
    expect(await kindOf(s.search('[[slow]] x', { limit: 3 }))).toBe('timeout');
  });

  it('a refused connection is an upstream failure', async () => {
    const s = new SearxngSearch({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 1000 });
    expect(await kindOf(s.search('x', { limit: 3 }))).toBe('upstream');
  });
});

describe('SearXNG with its limiter on (server.limiter: true)', () => {
  let limited: FakeSearch;
  beforeAll(async () => {
    limited = await startFakeSearch({ limiter: {} });
  });
  afterAll(() => limited.close());

  const raw = (headers: Record<string, string>) =>
    safeFetch(`${limited.url}/search?q=x&format=html`, { headers, allowHosts: [limited.hostPort], timeoutMs: 2000 }).then((r) => ({ status: r.status, body: r.body.toString() }));

  it('answers 429 to a request without text/html in Accept, gzip or deflate, Accept-Language, or with a library User-Agent', async () => {
    const ok = { ...SEARXNG_HEADERS };
    expect(await raw({ ...ok, accept: 'application/json' })).toEqual({ status: 429, body: 'Too Many Requests' });
    expect(await raw({ ...ok, 'accept-encoding': 'br' })).toMatchObject({ status: 429 });
    expect(await raw({ ...ok, 'accept-encoding': 'gzip;q=1.0' })).toMatchObject({ status: 429 });
    expect(await raw({ ...ok, 'accept-language': '' })).toMatchObject({ status: 429 });
    expect(await raw({ ...ok, 'user-agent': 'python-requests/2.32' })).toMatchObject({ status: 429 });
    expect(await raw({ ...ok, 'user-agent': 'node' })).toMatchObject({ status: 200 });
    expect(await raw({ ...ok, accept: '*/*' })).toMatchObject({ status: 200 });
    expect(limited.limiterBlocks).toEqual([
      'HTTP header Accept did not contain text/html',
      'HTTP header Accept-Encoding did not contain gzip nor deflate',
      'HTTP header Accept-Encoding did not contain gzip nor deflate',
      'missing HTTP header Accept-Language',
      'bot detected, HTTP header User-Agent: python-requests/2.32',
    ]);
  });

  it('our searches pass its bot detection, in zh-CN, and the gzip reply is decoded', async () => {
    const s = new SearxngSearch({ baseUrl: limited.url, timeoutMs: 2000 });
    const results = await s.search('量子计算', { limit: 3 });
    expect(results.map((r) => r.title)).toEqual(['来源1：量子计算', '来源2：量子计算', '来源3：量子计算']);
    expect(limited.requests.at(-1)).toMatchObject({ query: '量子计算', language: 'zh-CN' });
    const compressed = await safeFetch(`${limited.url}/search?q=x&format=json&language=zh-CN`, { headers: SEARXNG_HEADERS, allowHosts: [limited.hostPort], timeoutMs: 2000 });
    expect(compressed.headers['content-encoding']).toBe('gzip');
  });

  it('past 4 JSON searches an hour from one address the limiter refuses, and the error says to pass the server\'s IP', async () => {
    const s = new SearxngSearch({ baseUrl: limited.url, timeoutMs: 2000 });
    // One search in the test before and one raw request; two more pass, the fifth is refused.
    await s.search('二', { limit: 1 });
    await s.search('三', { limit: 1 });
    const e = await errorOf(s.search('四', { limit: 1 }));
    expect(e.refusal).toBe('limiter');
    expect(e.message).toMatch(/HTTP 429.*pass_ip.*server\.limiter: false/);
    expect(limited.limiterBlocks.at(-1)).toBe('too many request in API_WINDOW');
  });

  it('an address in pass_ip is never limited', async () => {
    const passed = await startFakeSearch({ limiter: { passIp: ['127.0.0.1'] } });
    try {
      const s = new SearxngSearch({ baseUrl: passed.url, timeoutMs: 2000 });
      for (let i = 0; i < 6; i++) expect(await s.search(`第${i}次`, { limit: 1 })).toHaveLength(1);
      expect(passed.limiterBlocks).toEqual([]);
    } finally {
      await passed.close();
    }
  });

  it('without json in search.formats it answers 403, named as such', async () => {
    const htmlOnly = await startFakeSearch({ json: false });
    try {
      const e = await errorOf(new SearxngSearch({ baseUrl: htmlOnly.url, timeoutMs: 2000 }).search('x', { limit: 1 }));
      expect(e.refusal).toBe('json_format_off');
      expect(e.message).toContain('search.formats');
    } finally {
      await htmlOnly.close();
    }
  });
});

describe('Tavily-compatible', () => {
  it('posts { query, max_results, search_depth } with the key, reads results', async () => {
    const s = new TavilySearch({ baseUrl: fake.url, apiKey: 'tvly-test', timeoutMs: 2000 });
    const results = await s.search('天气', { limit: 4 });
    expect(results.map((r) => r.title)).toEqual(['来源1：天气', '来源2：天气', '来源3：天气', '来源4：天气']);
    expect(fake.requests.at(-1)).toEqual({ protocol: 'tavily', query: '天气', maxResults: 4, searchDepth: 'basic', key: 'tvly-test' });
  });

  it('a wrong key, a timeout and empty results', async () => {
    expect(await kindOf(new TavilySearch({ baseUrl: fake.url, apiKey: 'wrong', timeoutMs: 2000 }).search('x', { limit: 3 }))).toBe('upstream');
    const s = new TavilySearch({ baseUrl: fake.url, apiKey: 'tvly-test', timeoutMs: 150 });
    expect(await kindOf(s.search('[[slow]] x', { limit: 3 }))).toBe('timeout');
    expect(await s.search('[[empty]] x', { limit: 3 })).toEqual([]);
  });

  it.each([
    ['a wrong key (401)', 'wrong', 'x', 'bad_key', /HTTP 401.*SEARCH_API_KEY/],
    ['too many requests (429)', 'tvly-test', '[[429]] x', 'rate_limited', /HTTP 429.*约 60 秒后恢复/],
    ["the plan's limit (432)", 'tvly-test', '[[432]] x', 'plan_limit', /套餐额度已用完（HTTP 432）/],
    ['the pay-as-you-go limit (433)', 'tvly-test', '[[433]] x', 'paygo_limit', /按量付费额度已达上限（HTTP 433）/],
  ])('%s is named for the operator', async (_name, key, query, refusal, message) => {
    const e = await errorOf(new TavilySearch({ baseUrl: fake.url, apiKey: key, timeoutMs: 2000 }).search(query, { limit: 3 }));
    expect(e.refusal).toBe(refusal);
    expect(e.message).toMatch(message);
    expect(e.message).toContain('（Tavily：');
  });
});

describe('settings', () => {
  it('takes searxng or tavily, a URL, a cost and a model list; refuses anything else', () => {
    const env = loadConfig({ SEARCH_PROVIDER: 'searxng', SEARCH_URL: 'http://127.0.0.1:8888', SEARCH_COST: '3', SEARCH_MODELS: 'a, b' }).env;
    expect(env).toMatchObject({ SEARCH_PROVIDER: 'searxng', SEARCH_COST: 3, SEARCH_TIMEOUT_MS: 8000 });
    const none = loadConfig({}).env;
    expect(none.SEARCH_PROVIDER).toBeUndefined();
    expect(none.SEARCH_COST).toBe(0);
    expect(() => loadConfig({ SEARCH_PROVIDER: 'bing' })).toThrow(/SEARCH_PROVIDER/);
    expect(() => loadConfig({ SEARCH_URL: 'not a url' })).toThrow(/SEARCH_URL/);
    expect(() => loadConfig({ SEARCH_COST: '-1' })).toThrow(/SEARCH_COST/);
  });
});

describe('createSearchProvider', () => {
  it('is null without a provider, and refuses half a setup', () => {
    expect(createSearchProvider({ SEARCH_TIMEOUT_MS: 1000 })).toBeNull();
    expect(() => createSearchProvider({ SEARCH_PROVIDER: 'searxng', SEARCH_TIMEOUT_MS: 1000 })).toThrow(/SEARCH_URL/);
    expect(() => createSearchProvider({ SEARCH_PROVIDER: 'tavily', SEARCH_TIMEOUT_MS: 1000 })).toThrow(/SEARCH_API_KEY/);
    expect(createSearchProvider({ SEARCH_PROVIDER: 'tavily', SEARCH_API_KEY: 'k', SEARCH_TIMEOUT_MS: 1000 })?.name).toBe('tavily');
  });
});

describe('reading the pages', () => {
  const searx = () => new SearxngSearch({ baseUrl: fake.url, timeoutMs: 2000 });

  it('reads the top three pages as text, trimmed, without scripts or styles', async () => {
    const sources = await searchWeb(searx(), '光合作用', { allowHosts: allow });
    expect(sources).toHaveLength(3);
    for (const [i, s] of sources.entries()) {
      expect(s.title).toBe(`来源${i + 1}：光合作用`);
      expect(s.text).toContain(`这是第 ${i + 1} 个网页的正文。它说明了 光合作用 的要点 ${i + 1}，并给出一个例子 & 一个结论。`);
      expect(s.text).not.toMatch(/script text|color:red|<|首页 \| 关于/);
      expect(Array.from(s.text).length).toBeLessThanOrEqual(2001);
    }
  });

  it('never reads a result on a private address, and takes the next one instead', async () => {
    const before = fake.pagesRead.length;
    const sources = await searchWeb(searx(), '[[private]] 内网', { allowHosts: allow });
    expect(sources.map((s) => s.url)).not.toContain(PRIVATE_RESULT_URL);
    expect(sources).toHaveLength(3);
    expect(fake.pagesRead.length - before).toBe(3);
  });

  it('a result on the fake itself is refused too when its host is not allowed', async () => {
    const sources = await searchWeb(searx(), '未放行', { allowHosts: [] });
    expect(sources).toEqual([]);
  });

  it('a page that cannot be read falls back to the snippet', async () => {
    const sources = await searchWeb(searx(), '[[pagefail]] 摘要', { allowHosts: allow });
    expect(sources.map((s) => s.text)).toEqual(['第 1 条结果的摘要：摘要。', '第 2 条结果的摘要：摘要。', '第 3 条结果的摘要：摘要。']);
  });

  it('no results, no sources', async () => {
    expect(await readSources([], { allowHosts: allow })).toEqual([]);
    expect(await searchWeb(searx(), '[[empty]] 无', { allowHosts: allow })).toEqual([]);
  });
});

describe('html to text', () => {
  it('drops markup, decodes entities, keeps lines', () => {
    expect(htmlToText('<p>a&nbsp;&lt;b&gt; &#x4e2d;&#25991;</p><script>x()</script><div>second</div>')).toBe('a <b> 中文\nsecond');
  });
  it('turns control characters into spaces (NUL cannot be stored)', () => {
    expect(htmlToText('<p>a\u0000b\u0007c</p>')).toBe('a b c');
  });
  it('trims to the limit at a sentence end when one is near', () => {
    const t = trimText(`${'字'.repeat(90)}。${'多'.repeat(50)}`, 100);
    expect(t).toBe(`${'字'.repeat(90)}。…`);
    expect(trimText('短', 100)).toBe('短');
  });
  it('decodes GBK pages', () => {
    const gbk = Buffer.from([0xc4, 0xe3, 0xba, 0xc3]); // 你好
    expect(decodeBody(gbk, 'text/html; charset=gbk')).toBe('你好');
    expect(decodeBody(Buffer.concat([Buffer.from('<meta charset="gb2312">'), gbk]), 'text/html')).toContain('你好');
  });
});
