/** What a fenced code block of a reply can be previewed as. */
export type ArtifactKind = 'html' | 'svg' | 'mermaid';

export function artifactKind(lang: string, code: string): ArtifactKind | null {
  const l = lang.toLowerCase();
  if (l === 'html' || l === 'htm') return 'html';
  if (l === 'svg' || ((l === 'xml' || l === '') && /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(code))) return 'svg';
  if (l === 'mermaid' || l === 'mmd') return 'mermaid';
  return null;
}

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

/** The file a block downloads as. */
export function artifactFile(kind: ArtifactKind): { name: string; type: string } {
  if (kind === 'html') return { name: 'artifact.html', type: 'text/html;charset=utf-8' };
  if (kind === 'svg') return { name: 'artifact.svg', type: 'image/svg+xml' };
  return { name: 'diagram.mmd', type: 'text/plain;charset=utf-8' };
}

export function downloadText(text: string, file: { name: string; type: string }) {
  const url = URL.createObjectURL(new Blob([text], { type: file.type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
