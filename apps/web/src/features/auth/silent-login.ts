import { isWechatBrowser } from '../../lib/env.ts';
import { useSession } from '../../lib/session.ts';
import { fetchOauthUrl, loginByOauthCode } from './api.ts';
import { completeLogin } from './complete-login.ts';

/** One redirect per tab session: a user who declines the authorisation is not bounced again. */
const TRIED_KEY = 'wechat-silent-login-tried';

function markTried() {
  try {
    if (sessionStorage.getItem(TRIED_KEY)) return false;
    sessionStorage.setItem(TRIED_KEY, '1');
    return true;
  } catch {
    return false;
  }
}

/** Removes the OAuth `code` and `state` from the address bar without reloading. */
function cleanUrl(url: URL) {
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * SPEC §4.3: inside the WeChat browser, with no token, login_way not 'mobile' and
 * wechatSilentLoginStatus 1, log in through the OAuth redirect. Call once on start, after
 * the global config and website info have loaded. Resolves true when it logged the user in
 * or is navigating away to authorise.
 */
export async function silentLogin(): Promise<boolean> {
  const { token, globalConfig, website } = useSession.getState();
  if (token || !isWechatBrowser()) return false;
  if (!website || website.website.config.login_way === 'mobile' || globalConfig?.wechatSilentLoginStatus !== 1) return false;

  const url = new URL(location.href);
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (code && state) {
    cleanUrl(url);
    try {
      await completeLogin(await loginByOauthCode(code, state));
      return true;
    } catch {
      return false; // http has shown the server's message
    }
  }
  // Back from the authorisation page without a code: the user declined.
  if (state || !markTried()) return false;
  try {
    const { url: authorize } = await fetchOauthUrl(location.href);
    location.replace(authorize);
    return true;
  } catch {
    return false; // the login dialog remains available
  }
}
