/** The container of a recorded clip, from its first bytes (never from a name or a header). */
export interface AudioType {
  mime: string;
  ext: 'webm' | 'ogg' | 'wav' | 'mp3' | 'm4a';
}

export function sniffAudio(b: Buffer): AudioType | null {
  if (b.length < 12) return null;
  // EBML header: WebM (Chrome's and Firefox's MediaRecorder).
  if (b.readUInt32BE(0) === 0x1a45dfa3) return { mime: 'audio/webm', ext: 'webm' };
  if (b.toString('latin1', 0, 4) === 'OggS') return { mime: 'audio/ogg', ext: 'ogg' };
  if (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE') return { mime: 'audio/wav', ext: 'wav' };
  // ISO BMFF (Safari's MediaRecorder): a `ftyp` box first.
  if (b.toString('latin1', 4, 8) === 'ftyp') return { mime: 'audio/mp4', ext: 'm4a' };
  if (b.toString('latin1', 0, 3) === 'ID3' || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0)) return { mime: 'audio/mpeg', ext: 'mp3' };
  return null;
}
