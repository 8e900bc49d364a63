import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config.ts';

/** Hosts the web app may load from besides itself (Baidu analytics, configured in the site settings). */
const ANALYTICS = 'https://hm.baidu.com';

const originOf = (url: string | undefined) => {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
};

/** Hosts (from IMAGE_ALLOW_HOSTS and S3_PUBLIC_URL) whose images the browser may load. */
export function imageHosts(config: AppConfig): string[] {
  const list = (config.env.IMAGE_ALLOW_HOSTS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => /^[a-z0-9.-]+(:\d+)?$/.test(s));
  const s3 = originOf(config.env.S3_PUBLIC_URL);
  if (s3) list.push(new URL(s3).host);
  return [...new Set(list)];
}

/** The sha256 sources of the inline scripts of the built index.html, re-read when it changes. */
function inlineScriptHashes(indexHtml: string | null): () => string[] {
  let cached: { mtime: number; hashes: string[] } | null = null;
  return () => {
    if (!indexHtml) return [];
    try {
      const mtime = statSync(indexHtml).mtimeMs;
      if (cached?.mtime === mtime) return cached.hashes;
      const html = readFileSync(indexHtml, 'utf8');
      const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
        (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
      );
      cached = { mtime, hashes };
      return hashes;
    } catch {
      return [];
    }
  };
}

/** The web app's Content-Security-Policy: no inline script but the hashed theme snippet, no plugins, no framing by others. */
export function webCsp(config: AppConfig, scriptHashes: string[]): string {
  const env = config.env;
  const s3 = [originOf(env.S3_ENDPOINT), originOf(env.S3_PUBLIC_URL)].filter((o): o is string => !!o);
  if (env.S3_BUCKET && env.S3_ENDPOINT) {
    const u = new URL(env.S3_ENDPOINT);
    s3.push(`${u.protocol}//*.${u.host}`);
  } else if (env.S3_BUCKET) {
    s3.push('https://*.amazonaws.com');
  }
  const gateways = [env.EPAY_API_URL, env.MPAY_API_URL, env.HUPI_API_URL ?? (env.HUPI_APP_ID ? 'https://api.xunhupay.com' : undefined)]
    .map(originOf)
    .filter((o): o is string => !!o);
  const images = imageHosts(config).map((h) => `https://${h}`);
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')} ${ANALYTICS}`.replace(/\s+/g, ' ').trim(),
    // React sets styles through the CSSOM; Radix and the toaster add <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    // Gateway QR images (虎皮椒) and the WeChat login QR come from their hosts.
    `img-src 'self' data: blob: ${ANALYTICS} ${config.env.WECHAT_APP_ID ? 'https://mp.weixin.qq.com' : ''} ${gateways.join(' ')} ${images.join(' ')}`
      .replace(/\s+/g, ' ')
      .trim(),
    "font-src 'self' data:",
    `connect-src 'self' ${ANALYTICS} ${s3.join(' ')}`.trim(),
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    `frame-src 'self' ${gateways.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** API replies are data: nothing in them may run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A fresh nonce for one HTML page with an inline script (the simulator pages). */
export const newNonce = () => randomBytes(16).toString('base64');

/** Sets a page's own policy (the simulator and the sandbox cashier): it replaces the default one. */
export function setPageCsp(reply: FastifyReply, policy: string) {
  reply.raw.setHeader('Content-Security-Policy', policy);
  return reply;
}

/**
 * Security headers on every response, API and HTML alike, set on the raw response before any
 * handler runs, so streamed (hijacked) replies carry them too; a page may replace the CSP with its own.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig, indexHtml: string | null) {
  const hashes = inlineScriptHashes(indexHtml);
  let policy: { key: string; value: string } | null = null;
  const pagePolicy = () => {
    const h = hashes();
    const key = h.join(' ');
    if (policy?.key !== key) policy = { key, value: webCsp(config, h) };
    return policy.value;
  };
  const hsts = config.isProduction && config.publicUrl.startsWith('https://');
  app.addHook('onRequest', async (req, reply) => {
    const res = reply.raw;
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/order/') || req.url === '/metrics';
    res.setHeader('Content-Security-Policy', isApi ? API_CSP : pagePolicy());
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    if (hsts) res.setHeader('Strict-Transport-Security', 'max-age=15552000');
  });
}
