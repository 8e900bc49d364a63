/**
 * One parse in a process of its own: `node --import tsx parse-process.ts <in> <ext> <out> <ocrCacheDir>`.
 * The native decoders a parse may use (@napi-rs/canvas for images and PDF pages) crash the whole
 * process on some malformed files; here that takes down this process only, and the server marks
 * the document failed. Exit 0: the result is in <out>; 2: a ParseError whose message is in <out>.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { chunkDocument } from './parse/chunk.ts';
import { parseDocument } from './parse/index.ts';
import { OcrEngine } from './parse/ocr.ts';
import { ParseError } from './parse/types.ts';
import { segment } from './retrieval/segment.ts';

const [inFile, ext, outFile, cacheDir] = process.argv.slice(2);
const ocr = new OcrEngine({ cacheDir: cacheDir!, idleMs: 0 });
let code = 0;
try {
  const parsed = await parseDocument(await readFile(inFile!), ext!, { ocr });
  const chunks = chunkDocument(parsed);
  const terms = chunks.map((c) => segment(`${c.section ?? ''} ${c.text}`).join(' '));
  await writeFile(outFile!, JSON.stringify({ ok: true, pages: parsed.pages, title: parsed.title, ocrPages: parsed.ocrPages, chunks, terms }));
} catch (e) {
  if (e instanceof ParseError) {
    await writeFile(outFile!, JSON.stringify({ ok: false, message: e.message }));
    code = 2;
  } else {
    console.error(e);
    code = 1;
  }
} finally {
  await ocr.terminate().catch(() => {});
}
process.exit(code);
