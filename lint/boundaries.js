// Import boundaries (DESIGN.md "Shape"), as a local ESLint rule:
// - a web feature (apps/web/src/features/<a>/) never imports another feature (<b> != <a>);
//   the app level (apps/web/src/app) composes them;
// - a server module (apps/server/src/modules/<a>/) reaches another module <b> only through its
//   public entry, modules/<b>/public.ts, never its other files (not its service.ts either);
//   composition/ and app.ts wire the modules and are not held to this, nor are tests (see
//   eslint.config.js);
// - zones: the server's layers, top down, are app.ts and composition/ (which builds the context and
//   wires the providers), modules/, providers/, core/, db/. core/ is the ground floor under the
//   providers (they use core/safe-fetch): it never imports providers/, modules/ or composition/;
//   db/ and providers/ never import modules/ or composition/; modules/ never import composition/.
//   The web's shared parts (components/, lib/) never import features/ or app/. Type-only imports
//   count too: a lower layer does not know the shapes of a higher one either.
// Only relative imports are checked (the code base uses no path aliases).
import { dirname, relative, resolve, sep } from 'node:path';

const root = dirname(dirname(new URL(import.meta.url).pathname));
const WEB_FEATURES = resolve(root, 'apps/web/src/features');
const SERVER_MODULES = resolve(root, 'apps/server/src/modules');
const PUBLIC_ENTRY = 'public.ts';
const SERVER = resolve(root, 'apps/server/src');
const WEB = resolve(root, 'apps/web/src');
/** Each zone: where a file sits (a top-level folder of its app), and the folders it must not import from. */
const ZONES = [
  { app: SERVER, name: 'core', banned: ['providers', 'modules', 'composition'] },
  ...['db', 'providers'].map((name) => ({ app: SERVER, name, banned: ['modules', 'composition'] })),
  { app: SERVER, name: 'modules', banned: ['composition'] },
  ...['components', 'lib'].map((name) => ({ app: WEB, name, banned: ['features', 'app'] })),
];

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
    docs: { description: 'Features import no other feature; modules reach other modules only through public.ts; lower zones never import higher ones' },
    messages: {
      feature: 'Feature "{{from}}" imports feature "{{to}}": features never import each other; compose them in apps/web/src/app.',
      module: 'Module "{{from}}" imports modules/{{to}}/{{file}}: reach another module only through its public.ts.',
      zone: '{{from}}/ imports {{to}}/{{file}}: {{from}}/ sits below {{to}}/ and never imports it.',
    },
    schema: [],
  },
  create(context) {
    const file = resolve(context.filename);
    const feature = areaOf(WEB_FEATURES, file);
    const mod = areaOf(SERVER_MODULES, file);
    const zone = ZONES.find((z) => areaOf(z.app, file)?.name === z.name);
    if (!feature && !mod && !zone) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(file), source);
      if (zone) {
        const to = areaOf(zone.app, target);
        if (to && zone.banned.includes(to.name)) context.report({ node, messageId: 'zone', data: { from: zone.name, to: to.name, file: to.rest } });
      }
      if (feature) {
        const to = areaOf(WEB_FEATURES, target);
        if (to && to.name !== feature.name) context.report({ node, messageId: 'feature', data: { from: feature.name, to: to.name } });
      } else if (mod) {
        const to = areaOf(SERVER_MODULES, target);
        if (to && to.name !== mod.name && to.rest !== PUBLIC_ENTRY) {
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
