/** Pure helpers of the mind map: what of a streaming outline is drawn, file names, downloads. */

/** A model may wrap the outline in a code fence: the map is what is inside. */
export function unfence(md: string): string {
  const m = /^\s*```(?:markdown|md)?[ \t]*\n([\s\S]*?)(?:\n```\s*)?$/i.exec(md);
  return m ? m[1]! : md;
}

/** While streaming, the last line may be half written: it is drawn once it is complete. */
export function drawable(md: string, streaming: boolean): string {
  const text = unfence(md);
  if (!streaming) return text;
  const at = text.lastIndexOf('\n');
  return at < 0 ? '' : text.slice(0, at);
}

/** Every node's text of an outline (headings and list items), in order: what an export must contain. */
export function nodeTexts(md: string): string[] {
  return unfence(md)
    .split('\n')
    .map((l) => /^\s*(?:#{1,6}|[-*+]|\d+[.)])\s+(.*)$/.exec(l)?.[1]?.trim() ?? '')
    .filter(Boolean);
}

/** A file name from a map's title: no characters file systems refuse. */
export function fileNameOf(title: string, ext: string): string {
  const base = title.replace(/[\\/:*?"<>|\s]+/g, ' ').trim().slice(0, 40) || 'mindmap';
  return `${base}.${ext}`;
}

export function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
