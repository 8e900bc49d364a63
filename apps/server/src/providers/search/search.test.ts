import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startFakeSearch, PRIVATE_RESULT_URL, type FakeSearch } from './fakes/search.ts';
import { htmlToText, trimText, decodeBody } from './html-text.ts';
import { createSearchProvider, readSources, searchWeb, SearchError } from './index.ts';
import { SearxngSearch } from './searxng.ts';
import { TavilySearch } from './tavily.ts';

let fake: FakeSearch;
let allow: string[];
beforeAll(async () => {
  fake = await startFakeSearch({ key: 'tvly-test' });
  allow = [fake.hostPort];
});
afterAll(() => fake.close());

const kindOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(SearchError);
    return (e as SearchError).kind;
  }
  throw new Error('expected a SearchError');
};

describe('SearXNG', () => {
  it('asks GET /search?q=…&format=json and reads results[].url/title/content', async () => {
    const s = new SearxngSearch({ baseUrl: fake.url, timeoutMs: 2000 });
    const results = await s.search('量子计算', { limit: 3 });
    expect(results).toHaveLength(3);
    expect(results[0]).toEqual({ url: expect.stringContaining(`${fake.url}/page/1`), title: '来源1：量子计算', content: '第 1 条结果的摘要：量子计算。' });
    expect(fake.requests.at(-1)).toMatchObject({ protocol: 'searxng', query: '量子计算' });
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
