import type { AppConfig } from '../config.ts';

/** The hosts a redirect may lead to: PUBLIC_URL's and REDIRECT_ALLOW_HOSTS. */
export function redirectHosts(config: AppConfig): string[] {
  const extra = (config.env.REDIRECT_ALLOW_HOSTS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return [new URL(config.publicUrl).host.toLowerCase(), ...extra];
}

/**
 * A redirect target, or null when it may not be followed: only http(s), and only this site
 * (PUBLIC_URL's origin) or a host on the allow-list. Never javascript:, data:, protocol-relative
 * tricks or credentials in the URL.
 */
export function safeRedirect(target: string | undefined, config: AppConfig): URL | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const ours = new URL(config.publicUrl);
  if (url.origin === ours.origin) return url;
  return redirectHosts(config).slice(1).includes(url.host.toLowerCase()) ? url : null;
}
