/**
 * A child process (see estimate.ts): reads a thesis as JSON on stdin, writes its .docx with the
 * contents' page numbers estimated from docx's layout to stdout. Laying out a full thesis takes
 * seconds of CPU, which stay out of the server's event loop.
 */
import { buildDocx, type ExportThesis } from './export.ts';
import { estimatedPageNumbers } from './toc-pages.ts';

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Omit<ExportThesis, 'texts'> & { texts: [string, string][] };
process.stdout.write(await buildDocx({ ...input, texts: new Map(input.texts) }, estimatedPageNumbers));
