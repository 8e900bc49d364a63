import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CONVERT_TIMEOUT_MS = 90_000;
/** Conversions at once per process (each is a LibreOffice process of its own, CPU- and memory-heavy), and how many may wait. */
const RUNNING_MAX = 2;
const WAITING_MAX = 12;

/** Too many conversions are running or waiting: refused at once rather than queued without end. */
export class OfficeBusyError extends Error {
  constructor() {
    super('LibreOffice is busy');
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `fn` in one of the RUNNING_MAX conversion slots, after those waiting before it. */
async function inSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running < RUNNING_MAX) running++;
  else if (waiting.length >= WAITING_MAX) throw new OfficeBusyError();
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await fn();
  } finally {
    // The slot passes straight to the next waiter, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

let office: string | null | undefined;

/** The LibreOffice command on this server (libreoffice or soffice), or null; looked up once. */
export function officeCommand(): string | null {
  if (office !== undefined) return office;
  office = null;
  for (const cmd of ['libreoffice', 'soffice']) {
    const r = spawnSync(cmd, ['--version'], { timeout: 20_000, stdio: 'ignore' });
    if (r.status === 0) {
      office = cmd;
      break;
    }
  }
  return office;
}

/**
 * An office document (.pptx, .docx) converted to PDF by LibreOffice (headless, its own profile in a
 * temporary directory), in a child process off the event loop: at most RUNNING_MAX at once, the rest
 * wait their turn (OfficeBusyError when too many wait), each killed after CONVERT_TIMEOUT_MS.
 */
export async function officeToPdf(file: Buffer, ext: 'pptx' | 'docx'): Promise<Buffer> {
  const cmd = officeCommand();
  if (!cmd) throw new Error('LibreOffice is not installed');
  return inSlot(() => convert(cmd, file, ext));
}

async function convert(cmd: string, file: Buffer, ext: 'pptx' | 'docx'): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'office-pdf-'));
  try {
    const input = join(dir, `file.${ext}`);
    await writeFile(input, file);
    await run(cmd, [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, input], { timeout: CONVERT_TIMEOUT_MS, killSignal: 'SIGKILL' });
    return await readFile(join(dir, 'file.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
