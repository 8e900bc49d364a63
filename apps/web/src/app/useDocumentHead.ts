import { useEffect } from 'react';
import { SITE_NAME_DEFAULT } from '@app/shared/constants';
import { useSession } from '../lib/session.ts';

const DEFAULT_FAVICON = '/favicon.svg';
let analyticsInjected = false;

/**
 * Adds the configured analytics (baiduCode) once: the Baidu site id, or Baidu's usual snippet, from
 * which the id is taken. The page's Content-Security-Policy runs no inline script, so the tracker is
 * always loaded as https://hm.baidu.com/hm.js?<id> (allowed by the policy) and nothing else runs.
 */
export function injectAnalytics(code: string) {
  const snippet = code.trim();
  if (analyticsInjected || !snippet) return;
  const id = /^[a-f0-9]{32}$/i.test(snippet) ? snippet : /hm\.baidu\.com\/hm\.js\?([a-f0-9]{32})/i.exec(snippet)?.[1];
  if (!id) {
    console.warn('baiduCode: only a Baidu analytics site id or its standard snippet is supported');
    return;
  }
  analyticsInjected = true;
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://hm.baidu.com/hm.js?${id}`;
  document.head.appendChild(script);
}

/** SPEC §2.3: title = site name (default 'AI'), favicon from config, analytics snippet once. */
export function useDocumentHead() {
  const siteName = useSession((s) => s.globalConfig?.siteName);
  const favicon = useSession((s) => s.globalConfig?.clientFavoIconPath);
  const baiduCode = useSession((s) => s.globalConfig?.baiduCode);

  useEffect(() => {
    document.title = siteName || SITE_NAME_DEFAULT;
  }, [siteName]);

  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    // index.html draws the default icon inline (issue 30: one request fewer before the first screen).
    // The link remembers the icon it started with, shown whenever the site has none of its own.
    const builtIn = (link.dataset.builtIn ??= link.getAttribute('href') ?? DEFAULT_FAVICON);
    const href = favicon && favicon !== DEFAULT_FAVICON ? favicon : builtIn;
    // Setting the same href again makes the browser fetch the icon again.
    if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  }, [favicon]);

  useEffect(() => {
    if (baiduCode) injectAnalytics(baiduCode);
  }, [baiduCode]);
}
