import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What an end user's browser downloads to show /talk: the entry chunk and CSS index.html names,
 * every chunk they import statically (transitively), then the chat screen's lazy chunk and its
 * static imports (the router loads it before /talk paints). The admin console must add nothing
 * here: its screens live in chunks reached only by the /admin route's dynamic import.
 * `npm run build` first; prints raw and gzip bytes and the files, and fails when a file of the
 * admin console is among them.
 */
const dist = join(import.meta.dirname, '../apps/web/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.log('first load: apps/web/dist missing (run npm run build first)');
  process.exit(0);
}

const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g;
const read = (ref: string) => readFileSync(join(dist, ref), 'utf8');

function closure(start: string[], into: Set<string>) {
  const queue = start.filter((r) => !into.has(r));
  for (const r of queue) into.add(r);
  while (queue.length) {
    const file = queue.pop()!;
    if (!file.endsWith('.js')) continue;
    for (const m of read(file).matchAll(STATIC_IMPORT)) {
      const ref = `/assets/${m[1]}`;
      if (!into.has(ref)) {
        into.add(ref);
        queue.push(ref);
      }
    }
  }
}

const html = read('index.html');
const refs = new Set<string>();
closure([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!), refs);

// The chat screen's chunk: the router's lazy import of features/chat/ChatPage.
const entry = [...refs].find((r) => r.includes('/index-') && r.endsWith('.js'));
const chatChunk = entry ? /import\(["'`]\.\/(ChatPage-[^"'`]+\.js)["'`]\)/.exec(read(entry))?.[1] : undefined;
if (chatChunk) closure([`/assets/${chatChunk}`], refs);
else console.log('warning: the ChatPage chunk was not found in the entry chunk');

let raw = 0;
let gz = 0;
let js = 0;
let css = 0;
for (const r of refs) {
  const bytes = readFileSync(join(dist, r));
  raw += bytes.length;
  const g = gzipSync(bytes).length;
  gz += g;
  if (r.endsWith('.css')) css += g;
  else js += g;
}
console.log('# first load of /talk (end user)');
console.log(`files: ${refs.size}; raw ${raw} B; gzip ${gz} B (JS ${js} B, CSS ${css} B)`);
for (const r of [...refs].sort()) console.log(`  ${r}`);
const admin = [...refs].filter((r) => /admin/i.test(r) || /admin-console/.test(read(r)));
if (admin.length) {
  console.error(`the admin console is in the end-user first load: ${admin.join(', ')}`);
  process.exit(1);
}
