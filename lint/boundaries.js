// Import boundaries (DESIGN.md "Shape"), as a local ESLint rule:
// - a web feature (apps/web/src/features/<a>/) never imports another feature (<b> != <a>);
//   the app level (apps/web/src/app) composes them;
// - a server module (apps/server/src/modules/<a>/) reaches another module <b> only through its
//   public entry: modules/<b>/service.ts or modules/<b>/public.ts, never its other files.
// Only relative imports are checked (the code base uses no path aliases).
import { dirname, relative, resolve, sep } from 'node:path';

const root = dirname(dirname(new URL(import.meta.url).pathname));
const WEB_FEATURES = resolve(root, 'apps/web/src/features');
const SERVER_MODULES = resolve(root, 'apps/server/src/modules');
const PUBLIC_ENTRIES = new Set(['service.ts', 'public.ts']);

/** The first path segment of `file` under `dir`, or null when `file` is not under it. */
function areaOf(dir, file) {
  const rel = relative(dir, file);
  if (!rel || rel.startsWith('..') || rel.startsWith(sep)) return null;
  const parts = rel.split(sep);
  return parts.length > 1 ? { name: parts[0], rest: parts.slice(1).join('/') } : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import no other feature; modules reach other modules through service.ts or public.ts' },
    messages: {
      feature: 'Feature "{{from}}" imports feature "{{to}}": features never import each other; compose them in apps/web/src/app.',
      module: 'Module "{{from}}" imports modules/{{to}}/{{file}}: reach another module only through its service.ts or public.ts.',
    },
    schema: [],
  },
  create(context) {
    const file = resolve(context.filename);
    const feature = areaOf(WEB_FEATURES, file);
    const mod = areaOf(SERVER_MODULES, file);
    if (!feature && !mod) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(file), source);
      if (feature) {
        const to = areaOf(WEB_FEATURES, target);
        if (to && to.name !== feature.name) context.report({ node, messageId: 'feature', data: { from: feature.name, to: to.name } });
      } else if (mod) {
        const to = areaOf(SERVER_MODULES, target);
        if (to && to.name !== mod.name && !PUBLIC_ENTRIES.has(to.rest)) {
          context.report({ node, messageId: 'module', data: { from: mod.name, to: to.name, file: to.rest } });
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
