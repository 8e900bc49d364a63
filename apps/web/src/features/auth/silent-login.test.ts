import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session.ts';
import { tokenStore } from '../../lib/storage.ts';
import { silentLogin } from './silent-login.ts';
import { globalConfig, mockApi, ok, sessionRoutes, website } from './test/fixtures.ts';

const env = vi.hoisted(() => ({ wechat: true }));
vi.mock('../../lib/env.ts', () => ({ isWechatBrowser: () => env.wechat }));
vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const AUTHORIZE = 'https://open.weixin.qq.com/connect/oauth2/authorize?state=oauth_t1';
let replace: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  env.wechat = true;
  sessionStorage.clear();
  history.replaceState(null, '', '/talk?appId=3');
  useSession.setState({ token: null, website: website('all'), globalConfig: globalConfig({ wechatSilentLoginStatus: 1 }) });
  replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {});
});

afterEach(() => {
  replace.mockRestore();
  vi.unstubAllGlobals();
});

describe('silentLogin (SPEC §4.3)', () => {
  it('sends the WeChat browser to authorise, coming back to the current page', async () => {
    const api = mockApi({ 'GET /api/login/wechat/oauth-url': () => ok({ url: AUTHORIZE, login_ticket: 'oauth_t1' }) });
    expect(await silentLogin()).toBe(true);
    expect(api.calls[0]!.url.searchParams.get('redirect_uri')).toBe(`${location.origin}/talk?appId=3`);
    expect(replace).toHaveBeenCalledWith(AUTHORIZE);
  });

  it('redirects once per tab session, so declining does not loop', async () => {
    mockApi({ 'GET /api/login/wechat/oauth-url': () => ok({ url: AUTHORIZE, login_ticket: 'oauth_t1' }) });
    await silentLogin();
    expect(await silentLogin()).toBe(false);
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('exchanges code and state for a token, then cleans the address', async () => {
    history.replaceState(null, '', '/talk?appId=3&code=dev_abc&state=oauth_t1');
    const api = mockApi({ 'GET /api/login/wechat/info': () => ok({ token: 'tok-silent', is_new: false, gift: null }), ...sessionRoutes });
    expect(await silentLogin()).toBe(true);
    const info = api.calls.find((c) => c.path === '/api/login/wechat/info')!;
    expect(info.url.searchParams.get('code')).toBe('dev_abc');
    expect(info.url.searchParams.get('login_ticket')).toBe('oauth_t1');
    expect(tokenStore.get()).toBe('tok-silent');
    expect(`${location.pathname}${location.search}`).toBe('/talk?appId=3');
    expect(replace).not.toHaveBeenCalled();
  });

  it.each([
    ['outside WeChat', () => (env.wechat = false)],
    ['with a token', () => useSession.setState({ token: 'tok' })],
    ["when login_way is 'mobile'", () => useSession.setState({ website: website('mobile') })],
    ['when silent login is off', () => useSession.setState({ globalConfig: globalConfig({ wechatSilentLoginStatus: 0 }) })],
  ])('does nothing %s', async (_label, arrange) => {
    const api = mockApi({});
    arrange();
    expect(await silentLogin()).toBe(false);
    expect(api.calls).toHaveLength(0);
    expect(replace).not.toHaveBeenCalled();
  });
});
