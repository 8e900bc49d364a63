/** What a fenced code block of a reply can be previewed as. */
export type ArtifactKind = 'html' | 'svg' | 'mermaid';

export function artifactKind(lang: string, code: string): ArtifactKind | null {
  const l = lang.toLowerCase();
  if (l === 'html' || l === 'htm') return 'html';
  if (l === 'svg' || ((l === 'xml' || l === '') && /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(code))) return 'svg';
  if (l === 'mermaid' || l === 'mmd') return 'mermaid';
  return null;
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
