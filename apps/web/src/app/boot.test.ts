import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchGlobalConfig, readCachedConfig, useSession } from '../lib/session.ts';
import { storage, StorageKey, tokenStore } from '../lib/storage.ts';
import { useBoot } from './boot.ts';
import { balance, globalConfig, mockApi, ok, resetSession, user, website } from './test/fixtures.ts';

const configReply = (siteName: string) => {
  const { masks, notice, ...list } = globalConfig({ siteName });
  return ok({ list, masks, notice });
};

/** A reply held back until `release` is called. */
function held<T>() {
  let release!: (v: T) => void;
  const promise = new Promise<T>((r) => (release = r));
  return { promise, release };
}

beforeEach(() => {
  localStorage.clear();
  resetSession();
  useBoot.setState({ status: 'loading', failure: null });
  vi.unstubAllGlobals();
});

describe('boot with and without the config of an earlier visit (issue 30)', () => {
  it('a first visit waits for the config, then keeps a copy of it and the website info', async () => {
    mockApi({ 'GET /api/config/global': () => configReply('新站'), 'GET /api/website/info': () => ok(website({ copyright: '© 新' })) });
    const started = useBoot.getState().start();
    expect(useBoot.getState().status).toBe('loading');
    await started;
    expect(useBoot.getState().status).toBe('ready');
    expect(useSession.getState().ready).toBe(true);
    const copy = readCachedConfig();
    expect(copy?.globalConfig.siteName).toBe('新站');
    expect(copy?.website.website.copyright).toBe('© 新');
  });

  it('with a copy the layout is ready at once; the fetch replaces the copy, then the stored user loads', async () => {
    resetSession({ globalConfig: globalConfig({ siteName: '旧站' }), website: website() });
    tokenStore.set('tok');
    const config = held<void>();
    const api = mockApi({
      'GET /api/config/global': () => configReply('新站'),
      'GET /api/website/info': () => ok(website()),
      'GET /api/user/info': () => ok(user({ nickname: '小红' })),
      'GET /balance/query': () => ok(balance),
    });
    const fetchMock = vi.mocked(fetch);
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/api/config/global')) await config.promise;
      return real(input, init);
    });

    const started = useBoot.getState().start();
    expect(useBoot.getState().status).toBe('ready');
    expect(useSession.getState().globalConfig?.siteName).toBe('旧站');
    expect(useSession.getState().ready).toBe(false);
    expect(api.count('GET', '/api/user/info')).toBe(0);

    config.release();
    await started;
    expect(useSession.getState().globalConfig?.siteName).toBe('新站');
    expect(useSession.getState().ready).toBe(true);
    expect(readCachedConfig()?.globalConfig.siteName).toBe('新站');
    await vi.waitFor(() => expect(useSession.getState().userInfo?.nickname).toBe('小红'));
  });

  it('with a copy, a failed fetch keeps the copy on screen instead of the error view', async () => {
    resetSession({ globalConfig: globalConfig({ siteName: '旧站' }), website: website() });
    mockApi({ 'GET /api/config/global': () => ({ status: 500, body: { code: 500, message: '' } }), 'GET /api/website/info': () => ok(website()) });
    await useBoot.getState().start();
    expect(useBoot.getState().status).toBe('ready');
    expect(useSession.getState().globalConfig?.siteName).toBe('旧站');
  });

  it('start takes up the download the entry prefetched (one request), and a retry asks again', async () => {
    const api = mockApi({ 'GET /api/config/global': () => configReply('新站'), 'GET /api/website/info': () => ok(website()) });
    prefetchGlobalConfig();
    await useBoot.getState().start();
    expect(useBoot.getState().status).toBe('ready');
    expect(api.count('GET', '/api/config/global')).toBe(1);
    await useBoot.getState().start();
    expect(api.count('GET', '/api/config/global')).toBe(2);
  });

  it('without a copy, a failed fetch shows the error view as before', async () => {
    mockApi({ 'GET /api/config/global': () => ({ status: 500, body: { code: 500, message: '' } }), 'GET /api/website/info': () => ok(website()) });
    await useBoot.getState().start();
    expect(useBoot.getState().status).toBe('error');
    expect(readCachedConfig()).toBeNull();
  });
});

describe('readCachedConfig', () => {
  it('ignores a copy of another shape version or a broken one', () => {
    storage.set(StorageKey.configCache, { v: 999, globalConfig: globalConfig(), website: website() });
    expect(readCachedConfig()).toBeNull();
    storage.set(StorageKey.configCache, { v: 1, globalConfig: globalConfig() });
    expect(readCachedConfig()).toBeNull();
    storage.set(StorageKey.configCache, 'nonsense');
    expect(readCachedConfig()).toBeNull();
    storage.set(StorageKey.configCache, { v: 1, globalConfig: globalConfig(), website: website() });
    expect(readCachedConfig()?.globalConfig.siteName).toBe('测试站');
  });
});
