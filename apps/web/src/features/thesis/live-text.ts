export interface LiveText {
  key: string | null;
  text: string;
}

/**
 * A piece at its place in the section: pieces already shown (before a sync or the snapshot) are
 * skipped, a piece past a gap waits for the sync that follows a watcher's opening.
 */
export function mergeDelta(live: LiveText, e: { key: string; text: string; at: number }): LiveText {
  if (live.key !== e.key) return e.at === 0 ? { key: e.key, text: e.text } : { key: e.key, text: '' };
  const end = e.at + e.text.length;
  if (end <= live.text.length || e.at > live.text.length) return live;
  return { key: e.key, text: live.text + e.text.slice(live.text.length - e.at) };
}
