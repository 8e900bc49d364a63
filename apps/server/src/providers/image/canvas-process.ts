/**
 * The canvas process: every picture the server draws or decodes (offline paintings, references laid
 * into them, thumbnails of drawn images) is handled here, one piece at a time, never in the server.
 * A native decoder that crashes on a crafted picture (@napi-rs/canvas aborts on a PNG whose header
 * claims 60000×60000) takes down this process only; the server fails that one request and starts
 * another process for the next. Spoken to over IPC by canvas.ts.
 */
import { drawGrid, drawPicture, drawThumbnail } from './painter.ts';
import type { CanvasRequest } from './canvas.ts';

const work = { paint: drawPicture, grid: drawGrid, thumbnail: drawThumbnail } as const;

/** Structured clone turns a Buffer into a Uint8Array; the canvas wants Buffers. */
function buffers(v: unknown): unknown {
  if (v instanceof Uint8Array) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  if (Array.isArray(v)) return v.map(buffers);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, buffers(x)]));
  return v;
}

process.on('message', (m: CanvasRequest) => {
  const run = work[m.op] as (args: unknown) => Promise<unknown>;
  run(buffers(m.args)).then(
    (value) => process.send!({ id: m.id, ok: true, value }),
    (e: unknown) => process.send!({ id: m.id, ok: false, message: e instanceof Error ? e.message : String(e) }),
  );
});
// The server went away: nothing more will come.
process.on('disconnect', () => process.exit(0));
