import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CONVERT_TIMEOUT_MS = 90_000;

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

/** An office document (.pptx, .docx) converted to PDF by LibreOffice (headless, its own profile in a temporary directory). */
export async function officeToPdf(file: Buffer, ext: 'pptx' | 'docx'): Promise<Buffer> {
  const cmd = officeCommand();
  if (!cmd) throw new Error('LibreOffice is not installed');
  const dir = await mkdtemp(join(tmpdir(), 'office-pdf-'));
  try {
    const input = join(dir, `file.${ext}`);
    await writeFile(input, file);
    await run(cmd, [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, input], { timeout: CONVERT_TIMEOUT_MS });
    return await readFile(join(dir, 'file.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
