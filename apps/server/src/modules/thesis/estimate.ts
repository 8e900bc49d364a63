import { spawn } from 'node:child_process';
import { childEntryArgs } from '../../core/child-entry.ts';
import type { ExportThesis } from './export.ts';

const TIMEOUT_MS = 60_000;
let args: string[] | null = null;

/**
 * The .docx with the contents' page numbers estimated from the layout (the fallback without
 * LibreOffice), built in a child process (thesis-estimate-process.ts) so the seconds of layout
 * do not hold the event loop; killed after TIMEOUT_MS.
 */
export function estimatedDocx(t: ExportThesis): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, (args ??= childEntryArgs(import.meta.url, 'thesis-estimate-process')), { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-2000)));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(`page estimate failed (${signal ?? code}): ${err.trim()}`));
    });
    child.stdin.end(JSON.stringify({ ...t, texts: [...t.texts] }));
  });
}
