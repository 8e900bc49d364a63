import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { MAIN_ROUTES } from '../../../bench/lib/first-load-graph.ts';
import { FIRST_SCREEN_SETTLE_MS } from '../src/lib/first-screen-settle.ts';
import { baseSheet, classMatcher, idleLoadScript, keepRule } from './css-split.ts';

/** Every node of a sheet in document order, as printed (at-rules by their prelude): what "ordered subsequence" compares. */
function flatten(css: string): string[] {
  const out: string[] = [];
  postcss.parse(css).walk((node) => {
    if (node.type === 'rule') out.push(`${node.selector}{${node.nodes.map(String).join(';')}}`);
    else if (node.type === 'atrule') out.push(`@${node.name} ${node.params}`);
  });
  return out;
}

function isOrderedSubsequence(part: string[], whole: string[]): boolean {
  let i = 0;
  for (const item of whole) if (i < part.length && part[i] === item) i++;
  return i === part.length;
}

const styleRules = (css: string) => {
  const out: string[] = [];
  postcss.parse(css).walkRules((r) => {
    if (r.parent?.type !== 'atrule' || !/keyframes$/.test((r.parent as postcss.AtRule).name)) out.push(r.selector);
  });
  return out;
};

// A sheet shaped as Tailwind v4 writes it (after Lightning CSS): layers, theme variables, @property,
// @keyframes, escaped utility names, variants nested in @media and :where()/:is().
const SHEET = [
  '@layer properties{@supports ((-webkit-hyphens:none) and (not (margin-trim:inline))){*,:before,:after{--tw-shadow:0 0 #0000}}}',
  '@layer theme{:root,:host{--color-red-500:#fb2c36;--spacing:.25rem}}',
  '@layer base{*,:after,:before{box-sizing:border-box}html{line-height:1.5}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.hidden{display:none}',
  '.unused-thing{color:red}',
  String.raw`.w-\[calc\(100\%-2rem\)\]{width:calc(100% - 2rem)}`,
  String.raw`.text-white\/85{color:#ffffffd9}`,
  String.raw`@media (min-width:48rem){.md\:p-4{padding:1rem}.md\:hidden{display:none}}`,
  String.raw`@media (min-width:64rem){.lg\:gap-9{gap:2.25rem}}`,
  String.raw`.dark\:bg-neutral-900:where(.dark,.dark *){background:#171717}`,
  String.raw`.dark\:text-unused:where(.dark,.dark *){color:#fff}`,
  String.raw`@media (hover:hover){.group-hover\:opacity-100:is(:where(.group):hover *){opacity:1}}`,
  String.raw`@media (hover:hover){.group-hover\:scale-110:is(:where(.group):hover *){scale:1.1}}`,
  String.raw`.space-y-2>:not(:last-child){margin-block:.5rem}`,
  String.raw`.peer:checked~.peer-checked\:block{display:block}`,
  String.raw`.foo:not(.never-used){color:blue}`,
  '.a-used,.b-unused{margin:0}',
  '}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

// What the first-load code names (as minified JS writes class strings: quotes, backticks, template holes).
const CODE = [
  'x.className="flex md:p-4 w-[calc(100%-2rem)] text-white/85";',
  'cn(`dark:bg-neutral-900 group ${a}`,{"group-hover:opacity-100":b,hidden:c});',
  'y="peer",z=`peer-checked:block\\nfoo`,w=["a-used"];',
  '<html><script>document.documentElement.classList.add(\'dark\')</script></html>',
].join('\n');

describe('css-split: the base sheet', () => {
  const has = classMatcher(CODE);
  const base = baseSheet(SHEET, has);

  it('matches classes as whole tokens, unescaped, including object keys and escaped newlines', () => {
    for (const name of ['flex', 'md:p-4', 'w-[calc(100%-2rem)]', 'text-white/85', 'dark', 'group', 'hidden', 'peer-checked:block', 'foo', 'a-used']) expect(has(name), name).toBe(true);
    // Parts of a token are not tokens: `p-4` only occurs inside `md:p-4`, `bg-neutral-900` inside `dark:bg-neutral-900`.
    for (const name of ['p-4', 'bg-neutral-900', 'md:hidden', 'unused-thing', 'b-unused', 'group-hover:scale-110']) expect(has(name), name).toBe(false);
  });

  it('is an ordered subsequence of the full sheet, each kept rule byte for byte', () => {
    expect(isOrderedSubsequence(flatten(base), flatten(SHEET))).toBe(true);
    // Lossless: every kept rule's text is a substring of the full sheet.
    postcss.parse(base).walkRules((r) => void expect(SHEET).toContain(r.toString()));
  });

  it('drops a rule only when a class it needs is absent from the code', () => {
    const kept = styleRules(base);
    const dropped = styleRules(SHEET).filter((s) => !kept.includes(s));
    expect(dropped.sort()).toEqual([String.raw`.dark\:text-unused:where(.dark,.dark *)`, String.raw`.group-hover\:scale-110:is(:where(.group):hover *)`, String.raw`.lg\:gap-9`, String.raw`.md\:hidden`, String.raw`.space-y-2>:not(:last-child)`, '.unused-thing'].sort());
    for (const selector of dropped) {
      const needs = [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
      expect(needs.some((c) => !has(c)), selector).toBe(true);
    }
  });

  it('keeps the dark: and group-hover: variants the code uses, with their variant class', () => {
    expect(base).toContain(String.raw`.dark\:bg-neutral-900:where(.dark,.dark *)`);
    expect(base).toContain(String.raw`.group-hover\:opacity-100:is(:where(.group):hover *)`);
    // Without `dark` in the code (index.html's theme script adds it) the dark: rule could never match.
    expect(keepRule(String.raw`.dark\:bg-neutral-900:where(.dark,.dark *)`, (n) => n !== 'dark')).toBe(false);
    expect(keepRule(String.raw`.group-hover\:opacity-100:is(:where(.group):hover *)`, (n) => n !== 'group')).toBe(false);
  });

  it('keeps a selector list when one selector can match, and needs nothing inside :not()', () => {
    expect(base).toContain('.a-used,.b-unused{margin:0}');
    expect(base).toContain(String.raw`.foo:not(.never-used){color:blue}`);
  });

  it('keeps @property, @keyframes, the theme variables, and a wrapper only when a child stays', () => {
    expect(base).toContain('@property --tw-shadow{');
    expect(base).toContain('@keyframes spin{to{transform:rotate(360deg)}}');
    expect(base).toContain('@layer theme{:root,:host{--color-red-500:#fb2c36;--spacing:.25rem}}');
    expect(base).toContain('@layer base{*,:after,:before{box-sizing:border-box}html{line-height:1.5}}');
    expect(base).toContain(String.raw`@media (min-width:48rem){.md\:p-4{padding:1rem}}`);
    expect(base).not.toContain('@media (min-width:64rem)');
    expect(base).toContain('@media (hover:hover){');
  });
});

/** Runs an idle script as index.html would, then its window `load` handler (collected, so no handler outlives the test). */
async function runIdleScript(script: string) {
  const handlers: EventListener[] = [];
  const add = globalThis.addEventListener;
  globalThis.addEventListener = ((type: string, handler: EventListener) => void (type === 'load' && handlers.push(handler))) as typeof add;
  try {
    new Function(script)();
  } finally {
    globalThis.addEventListener = add;
  }
  expect(handlers).toHaveLength(1);
  handlers[0]!(new Event('load'));
  await new Promise((r) => setTimeout(r, FIRST_SCREEN_SETTLE_MS + 400));
}

describe('css-split: the idle script', () => {
  it('inserts the full sheet right after the base sheet (before later <style> elements), and not when a stylesheet link to it exists', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/base.css"><style>.runtime{}</style>';
    await runIdleScript(idleLoadScript('/assets/base.css', '/assets/full.css'));
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/assets/base.css', '/assets/full.css']);
    expect(links[0]!.nextElementSibling).toBe(links[1]);
    // A preload until it has arrived (Vite's helper, seeing no stylesheet link yet, inserts its own and waits), then a stylesheet.
    expect(links[1]!.rel).toBe('preload');
    links[1]!.onload?.(new Event('load'));
    expect(links[1]!.rel).toBe('stylesheet');
    // Vite's helper got there first: nothing more is inserted.
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/base.css"><link rel="stylesheet" href="/assets/full.css">';
    await runIdleScript(idleLoadScript('/assets/base.css', '/assets/full.css'));
    expect(document.head.querySelectorAll('link')).toHaveLength(2);
  });
});

const dist = join(import.meta.dirname, '../dist');
const built = existsSync(join(dist, 'index.html')) && existsSync(join(dist, '.vite/manifest.json'));

describe.skipIf(!built)('css-split: the build in apps/web/dist', () => {
  const html = built ? readFileSync(join(dist, 'index.html'), 'utf8') : '';
  const sheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
  const manifest = built ? (JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean; css?: string[] }>) : {};
  const fullFile = manifest['index.html']?.css?.[0] ?? '';

  it('index.html links the base sheet, which is an ordered subsequence of the full sheet', () => {
    expect(sheets).toHaveLength(1);
    expect(sheets[0]).not.toBe(fullFile);
    const full = readFileSync(join(dist, fullFile), 'utf8');
    const base = readFileSync(join(dist, sheets[0]!), 'utf8');
    expect(base.length).toBeLessThan(full.length);
    expect(isOrderedSubsequence(flatten(base), flatten(full))).toBe(true);
  });

  it('index.html inserts the full sheet after the base sheet once idle', async () => {
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const idle = scripts.find((s) => s.includes(fullFile));
    expect(idle).toBeDefined();
    document.head.innerHTML = `<link rel="stylesheet" crossorigin href="/${sheets[0]}">`;
    await runIdleScript(idle!);
    expect([...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'))).toEqual([`/${sheets[0]}`, `/${fullFile}`]);
  });

  it('every dynamic import outside the first load waits for the full sheet, listed before its own CSS; a main screen does not', () => {
    const screens = new Set(Object.values(MAIN_ROUTES).map((src) => manifest[src]!.file));
    expect(screens.size).toBe(7);
    let withFull = 0;
    let screenImports = 0;
    for (const file of readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(dist, 'assets', file), 'utf8');
      const list = /m\.f=(\[[^\]]*\])/.exec(code);
      if (!list) continue;
      const files = JSON.parse(list[1]!) as string[];
      for (const call of code.matchAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g)) {
        const deps = call[1]!.split(',').map((i) => files[Number(i)]!);
        const css = deps.filter((d) => d.endsWith('.css'));
        if (css.length > 1 || (css.length === 1 && css[0] !== fullFile)) expect(css[0], `${file}: ${deps.join(' ')}`).toBe(fullFile);
        if (css[0] === fullFile) withFull++;
        if (screens.has(deps[0]!)) {
          screenImports++;
          expect(css, `${file}: ${deps[0]}`).toEqual([]);
        }
      }
    }
    expect(withFull).toBeGreaterThan(5);
    expect(screenImports).toBeGreaterThanOrEqual(7);
  });
});
