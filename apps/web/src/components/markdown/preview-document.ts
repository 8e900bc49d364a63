/**
 * The policy of a preview's own document: no network at all (nothing the reply wrote can call out
 * or load from anywhere), inline styles and images from data: only. The iframe is also sandboxed
 * without allow-same-origin, so its scripts (when the page's policy lets them run) see an opaque
 * origin: no cookies, no storage, no access to the app.
 */
export const PREVIEW_CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; font-src data:; media-src data: blob:; form-action 'none'; base-uri 'none'";

const BASE_STYLE = 'html,body{margin:0}body{padding:12px;font:14px/1.6 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#171717;background:#fff}svg{max-width:100%;height:auto}';

/** The iframe's srcdoc: our head (charset, the policy above, base styles) first, then the markup. */
export function previewDocument(markup: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}"><meta name="viewport" content="width=device-width,initial-scale=1"><style>${BASE_STYLE}</style></head><body>${markup}</body></html>`;
}
