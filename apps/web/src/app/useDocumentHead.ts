import { useEffect } from 'react';
import { SITE_NAME_DEFAULT } from '@app/shared/constants';
import { useSession } from '../lib/session.ts';

const DEFAULT_FAVICON = '/favicon.svg';
let analyticsInjected = false;

/**
 * Adds the configured analytics snippet (baiduCode) once. It may be a whole `<script>` snippet
 * or just the Baidu site id. Scripts set through innerHTML never run, so each is recreated.
 */
export function injectAnalytics(code: string) {
  const snippet = code.trim();
  if (analyticsInjected || !snippet) return;
  analyticsInjected = true;
  if (/^[a-f0-9]{32}$/i.test(snippet)) {
    const script = document.createElement('script');
    script.async = true;
    script.src = `https://hm.baidu.com/hm.js?${snippet}`;
    document.head.appendChild(script);
    return;
  }
  const template = document.createElement('template');
  template.innerHTML = snippet;
  for (const source of template.content.querySelectorAll('script')) {
    const script = document.createElement('script');
    for (const attr of source.attributes) script.setAttribute(attr.name, attr.value);
    script.text = source.text;
    document.head.appendChild(script);
  }
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
    link.href = favicon || DEFAULT_FAVICON;
  }, [favicon]);

  useEffect(() => {
    if (baiduCode) injectAnalytics(baiduCode);
  }, [baiduCode]);
}
