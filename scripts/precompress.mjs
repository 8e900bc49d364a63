// Writes .br and .gz beside every text asset of a build, so the server sends them without
// compressing on each request (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist';
const TEXT = /\.(js|css|html|svg|json|txt|map)$/;
let files = 0;
let raw = 0;
let br = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name) && !name.endsWith('.map')) {
      const data = readFileSync(path);
      if (data.length < 1024) continue;
      const b = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(`${path}.br`, b);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      files++;
      raw += data.length;
      br += b.length;
    }
  }
};
walk(root);
console.log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} KiB -> ${(br / 1024).toFixed(0)} KiB brotli`);
