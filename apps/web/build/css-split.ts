import postcss, { type ChildNode, type Container } from 'postcss';
import { transform } from 'lightningcss';
import type { Plugin } from 'vite';
import { MAIN_ROUTES } from '../../../bench/lib/first-load-graph.ts';
import { FIRST_SCREEN_SETTLE_MS } from '../src/lib/first-screen-settle.ts';

/**
 * Issue 30 (CSS before the first paint ≤ 12 KiB brotli): index.html links a BASE sheet, the
 * entry sheet less the rules nothing the main routes load can match; the FULL sheet (as emitted,
 * untouched) follows it (a) before any lazily loaded code runs: every dynamic import outside the
 * first load has it among its preload dependencies (vite.config.ts's
 * build.modulePreload.resolveDependencies → `lazyDependencies`), so Vite's preload helper inserts
 * it and waits for it; (b) once the first screen is idle, by a small inline script this plugin
 * adds to index.html (hashed into the CSP by the server like the other inline scripts), so a
 * dialog opened later has its styles at once.
 *
 * Why the cascade stays the same: the base sheet is an ordered subsequence of the full sheet,
 * and the full sheet comes after it in the document (the idle script inserts it right after the
 * base link; Vite's helper appends it to <head>). For two rules of equal specificity the later
 * one wins; every rule's last occurrence is its place in the full sheet, so every winner is the
 * full sheet's own. Before the full sheet arrives, a dropped rule matches no element: each names
 * a class no first-load code contains.
 *
 * A style rule is kept when one selector of its list can match with the classes the first-load
 * code names: every class of its compounds occurs as a whole token in that code (classes inside
 * :is()/:where()/:has() need one of their alternatives; inside :not() none are needed). Rules
 * naming no class, @property, @keyframes, @font-face and the theme variables are kept as they
 * are; @media/@supports/@layer/@container/@starting-style wrappers stay when a child stays.
 * The sheet is parsed by PostCSS (lossless: a kept rule prints byte for byte as in the full
 * sheet); each selector by Lightning CSS (its AST names classes unescaped: `md:p-4`).
 */

/** The at-rules whose children are style rules filtered one by one; any other at-rule is kept whole. */
const WRAPPERS = new Set(['media', 'supports', 'layer', 'container', 'starting-style', 'scope', 'document']);

/** Characters around a class name in code that end the token (quotes, spaces, JS punctuation around strings and object keys). */
const BEFORE = new Set([' ', '\t', '\n', '\r', '\f', '"', "'", '`', '\\', '{', '}', '$', ';', ',', '(', ')']);
const AFTER = new Set([...BEFORE, ':']);

/** Whether `name` occurs in `code` as a whole token. JS string escapes (\n, \t) count as spaces. */
export function classMatcher(code: string): (name: string) => boolean {
  const text = code.replace(/\\[nrtfv]/g, '  ');
  const cache = new Map<string, boolean>();
  return (name) => {
    let hit = cache.get(name);
    if (hit !== undefined) return hit;
    hit = false;
    for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
      const before = i === 0 ? ' ' : text[i - 1]!;
      const after = i + name.length >= text.length ? ' ' : text[i + name.length]!;
      if (BEFORE.has(before) && AFTER.has(after)) {
        hit = true;
        break;
      }
    }
    cache.set(name, hit);
    return hit;
  };
}

interface SelectorComponent {
  type: string;
  name?: string;
  kind?: string;
  selectors?: SelectorComponent[][];
}

/** The selector list of `selector`, parsed by Lightning CSS; null when it does not parse alone (then the rule is kept). */
export function parseSelectors(selector: string): SelectorComponent[][] | null {
  let list: SelectorComponent[][] | null = null;
  try {
    transform({
      filename: 'selector.css',
      code: Buffer.from(`${selector}{}`),
      errorRecovery: false,
      visitor: {
        Rule: {
          style(rule) {
            list ??= rule.value.selectors as unknown as SelectorComponent[][];
            return undefined;
          },
        },
      },
    });
  } catch {
    return null;
  }
  return list;
}

/** Whether one selector can match when only the classes `has` accepts are on the page. */
function canMatch(selector: SelectorComponent[], has: (name: string) => boolean): boolean {
  return selector.every((c) => {
    if (c.type === 'class') return has(c.name!);
    if (c.type === 'pseudo-class' && c.selectors) {
      if (c.kind === 'not') return true;
      if (c.kind === 'is' || c.kind === 'where' || c.kind === 'has' || c.kind === 'matches' || c.kind === 'any') return c.selectors.some((s) => canMatch(s, has));
    }
    return true;
  });
}

/** Whether a style rule stays in the base sheet. */
export function keepRule(selector: string, has: (name: string) => boolean): boolean {
  const list = parseSelectors(selector);
  if (!list || list.length === 0) return true;
  return list.some((s) => canMatch(s, has));
}

/** The base sheet: `css` without the style rules no first-load class can match (see above). */
export function baseSheet(css: string, has: (name: string) => boolean): string {
  const root = postcss.parse(css);
  const filter = (container: Container<ChildNode>) => {
    for (const node of [...(container.nodes ?? [])]) {
      if (node.type === 'rule') {
        if (!keepRule(node.selector, has)) node.remove();
      } else if (node.type === 'atrule') {
        const at = node;
        if (!at.nodes || !WRAPPERS.has(at.name.toLowerCase())) continue;
        const had = at.nodes.length;
        filter(at);
        if (had > 0 && at.nodes.length === 0) at.remove();
      }
    }
  };
  filter(root);
  return root.toString();
}

interface BundleChunk {
  fileName: string;
  code: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
}

/**
 * What a first screen may draw: the main routes' screens, and the welcome notice (with the dialog frame
 * it loads), which opens as the layout mounts on a first visit (app/dialogs/useNoticeAutoOpen.ts):
 * with their rules in the base sheet, opening it does not fetch the full sheet before the largest paint.
 */
export const FIRST_SCREENS = [...Object.values(MAIN_ROUTES), 'src/app/dialogs/NoticeDialog.tsx', 'src/components/ModalDialog.tsx'];

/** The chunks of the first load: the entry and its static imports, each main route's screen chunk and its static imports. */
export function firstLoadChunks(chunks: BundleChunk[], screens: string[] = Object.values(MAIN_ROUTES)): BundleChunk[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const out = new Set<string>();
  const visit = (file: string) => {
    if (out.has(file) || !byFile.has(file)) return;
    out.add(file);
    for (const dep of byFile.get(file)!.imports) visit(dep);
  };
  for (const c of chunks) if (c.isEntry && c.facadeModuleId?.replace(/\\/g, '/').endsWith('/index.html')) visit(c.fileName);
  for (const screen of screens) {
    const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${screen}`));
    if (!chunk) throw new Error(`css-split: no chunk for the main screen ${screen}`);
    visit(chunk.fileName);
  }
  return [...out].map((f) => byFile.get(f)!);
}

/**
 * The inline script that inserts the full sheet right after the base sheet once the first screen
 * is idle (unless Vite's helper already did): after lib/after-first-screen.ts's wait, so the sheet
 * does not share the network with what the largest paint waits for (on /talk, the prompt list). It is a preload until it has arrived, then a
 * stylesheet: while it downloads, a lazy import finds no stylesheet link to it, so Vite's helper
 * inserts its own and waits for it, rather than running the lazy code before the sheet is in.
 */
export function idleLoadScript(baseHref: string, fullHref: string): string {
  return `(function(){var f=${JSON.stringify(fullHref)},b=${JSON.stringify(baseHref)};function go(){var u=new URL(f,location.href).href,s=document.querySelectorAll('link[rel="stylesheet"]'),at=null;for(var i=0;i<s.length;i++){if(s[i].href===u)return;if(s[i].getAttribute('href')===b)at=s[i]}var l=document.createElement('link');l.rel='preload';l.as='style';l.crossOrigin='';l.href=f;l.onload=function(){l.rel='stylesheet'};if(at&&at.parentNode)at.parentNode.insertBefore(l,at.nextSibling);else document.head.appendChild(l)}addEventListener('load',function(){setTimeout(function(){if(window.requestIdleCallback)requestIdleCallback(go,{timeout:2000});else setTimeout(go,200)},${FIRST_SCREEN_SETTLE_MS})})})()`;
}

export interface CssSplit extends Plugin {
  /** build.modulePreload.resolveDependencies: the full sheet among the dependencies of every dynamic import outside the first load. */
  lazyDependencies: (filename: string, deps: string[], context: { hostId: string; hostType: 'html' | 'js' }) => string[];
}

export function cssSplit(): CssSplit {
  let full: string | null = null;
  let firstLoad = new Set<string>();
  return {
    name: 'app:css-split',
    apply: 'build',
    enforce: 'post',
    lazyDependencies(filename, deps, context) {
      if (context.hostType !== 'js' || !full || firstLoad.has(filename)) return deps;
      return [...deps, full];
    },
    // After vite:build-html (index.html written) and app:css-color-fallbacks (the sheet final);
    // before vite:build-import-analysis, which calls lazyDependencies while it writes the preload lists.
    generateBundle(_options, bundle) {
      type Chunk = BundleChunk & { viteMetadata?: { importedCss: Set<string> } };
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as Chunk[];
      const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.replace(/\\/g, '/').endsWith('/index.html'));
      const css = [...(entry?.viteMetadata?.importedCss ?? [])];
      const html = bundle['index.html'];
      if (!entry || css.length !== 1 || html?.type !== 'asset') this.error(`css-split: expected index.html and one entry stylesheet, found ${css.length}`);
      const fullAsset = bundle[css[0]!];
      if (fullAsset?.type !== 'asset') this.error(`css-split: ${css[0]} is not in the bundle`);
      full = css[0]!;
      const loaded = firstLoadChunks(chunks, FIRST_SCREENS);
      firstLoad = new Set(loaded.map((c) => c.fileName));
      const htmlText = String(html.source);
      const has = classMatcher([htmlText, ...loaded.map((c) => c.code)].join('\n'));
      const base = baseSheet(String(fullAsset.source), has);
      const baseFile = this.getFileName(this.emitFile({ type: 'asset', name: 'index-base.css', source: base }));
      const fullHref = `/${full}`;
      const baseHref = `/${baseFile}`;
      const link = `href="${fullHref}"`;
      if (htmlText.split(link).length !== 2) this.error(`css-split: index.html should link ${fullHref} once`);
      html.source = htmlText.replace(link, `href="${baseHref}"`).replace('</head>', `<script>${idleLoadScript(baseHref, fullHref)}</script>\n  </head>`);
    },
  };
}
