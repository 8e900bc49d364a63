import { readFileSync, statSync } from 'node:fs';

/** Escapes text for an HTML text node or a double-quoted attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"'`]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[c]!);

export interface PageHead {
  title: string;
  description: string;
  url: string;
  siteName: string;
}

/**
 * The built index.html with the head of one share: its title, description and Open Graph tags
 * (link previews read these without running the app), and noindex (a shared conversation is
 * for those who get the link, not for search engines). Every value is escaped.
 */
export function withShareHead(html: string, head: PageHead): string {
  const title = escapeHtml(`${head.title} - ${head.siteName}`);
  const tags = [
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    '<meta name="robots" content="noindex" />',
    '<meta property="og:type" content="article" />',
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(head.siteName)}" />`,
    '<meta name="twitter:card" content="summary" />',
  ].join('\n    ');
  const titled = /<title>[\s\S]*?<\/title>/i.test(html) ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`) : html.replace(/<\/head>/i, () => `<title>${title}</title></head>`);
  return titled.replace(/\s*<\/head>/i, () => `\n    ${tags}\n  </head>`);
}

/** The page of a revoked or unknown share: the app (which shows the 404 state), not indexed. */
export function withGoneHead(html: string, siteName: string): string {
  const title = escapeHtml(`分享不存在或已失效 - ${siteName}`);
  return html.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title}</title>`).replace(/\s*<\/head>/i, () => '\n    <meta name="robots" content="noindex" />\n  </head>');
}

/** A bare page when no web app is built (API-only runs): the head alone. */
export const BARE_PAGE = '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <meta charset="UTF-8" />\n    <title>AI</title>\n  </head>\n  <body></body>\n</html>\n';

/** index.html of the built web app, re-read when it changes (a rebuild needs no restart). */
export function indexHtmlReader(path: string | null): () => string | null {
  let cached: { mtime: number; html: string } | null = null;
  return () => {
    if (!path) return null;
    try {
      const mtime = statSync(path).mtimeMs;
      if (cached?.mtime !== mtime) cached = { mtime, html: readFileSync(path, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };
}
