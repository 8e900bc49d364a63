// No import cycles (DESIGN.md "Shape"), as a local ESLint rule. Only imports that exist at run time
// count: each file is compiled as esbuild compiles it for the bundle (type-only imports, and imports
// used only as types, are dropped) and its static relative imports are the graph's edges. Dynamic
// import() is lazy and does not count. A file in a cycle gets a report on each import that leads
// back to it, with the shortest way round.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, relative, resolve } from 'node:path';
import { transformSync } from 'esbuild';

const root = dirname(dirname(new URL(import.meta.url).pathname));
const STATIC_IMPORT = /^\s*(?:import|export)\b(?:[^'"]*?\bfrom\s*)?\s*["']([^"']+)["']/gm;
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** @type {Map<string, string[]>} file → the files it imports at run time */
const edges = new Map();

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  if (EXTENSIONS.includes(extname(base)) && existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  for (const ext of EXTENSIONS) if (existsSync(resolve(base, `index${ext}`))) return resolve(base, `index${ext}`);
  return null;
}

/** The run-time relative imports of `file`, read from `text` (or the disk), each resolved to a file. */
function importsOf(file, text) {
  if (text === undefined && edges.has(file)) return edges.get(file);
  let code;
  try {
    const source = text ?? readFileSync(file, 'utf8');
    const ext = extname(file);
    code = ext === '.ts' || ext === '.tsx' ? transformSync(source, { loader: ext.slice(1), jsx: 'preserve' }).code : source;
  } catch {
    code = ''; // a file that does not compile is another rule's report
  }
  const out = [];
  for (const m of code.matchAll(STATIC_IMPORT)) {
    if (!m[1].startsWith('.')) continue;
    const target = resolveImport(file, m[1]);
    if (target && !target.includes('/node_modules/')) out.push(target);
  }
  edges.set(file, out);
  return out;
}

/** The shortest run-time import path from `start` to `goal` (both included), or null. */
function pathBetween(start, goal) {
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const at = queue.shift();
    if (at === goal) {
      const path = [];
      for (let n = at; n !== null; n = prev.get(n)) path.unshift(n);
      return path;
    }
    for (const next of importsOf(at)) {
      if (!prev.has(next)) {
        prev.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles among run-time imports (type-only imports may go both ways)' },
    messages: { cycle: 'Import cycle: {{path}}. Move what both need below them, or import it as a type.' },
    schema: [],
  },
  create(context) {
    const file = resolve(context.filename);
    const own = importsOf(file, context.sourceCode.text);
    const inCycle = new Map(own.map((t) => [t, pathBetween(t, file)]));
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolveImport(file, source);
      const back = target && inCycle.get(target);
      if (!back) return;
      const path = [file, ...back].map((f) => relative(root, f)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { path } });
    };
    return {
      ImportDeclaration: (node) => node.importKind !== 'type' && check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && node.exportKind !== 'type' && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => node.exportKind !== 'type' && check(node.source, node.source.value),
    };
  },
};
