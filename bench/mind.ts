/**
 * Mind map redraw cost while an outline streams (markmap: transform + setData), in Chromium.
 * A 300-node outline is streamed in 3-character chunks; the map is redrawn the way the page
 * does it (at most every 200 ms, the unfinished last line left out). Prints the cost of one
 * redraw at 25 / 50 / 100 % of the map, and what that costs per chunk at a typical pace.
 * Then the exports of the whole map: the SVG with real text (read the layout, wrap every
 * label by canvas measure, write the SVG), the PNG drawn from it, and .xmind out and back in.
 * Needs /usr/bin/chromium (CHROMIUM_PATH to change).
 */
import { build } from 'esbuild';
import { performance } from 'node:perf_hooks';
import { launchChromium } from '../e2e/chromium.ts';
import { Transformer } from 'markmap-lib/no-plugins';

const BRANCHES = 10;
const SUBS = 5;
const LEAVES = 5;

function outline(): string {
  const lines = ['# 三百个节点的导图'];
  for (let b = 1; b <= BRANCHES; b++) {
    lines.push(`## 分支 ${b}：主要方向`);
    for (let s = 1; s <= SUBS; s++) {
      lines.push(`### 子题 ${b}.${s}`);
      for (let l = 1; l <= LEAVES; l++) lines.push(`- 细节 ${b}.${s}.${l}：一句简短的说明`);
    }
  }
  return lines.join('\n');
}

type Redraw = (texts: string[]) => Promise<{ times: number[]; nodes: number }>;
/** Runs in the page: the function the bundle put on the page's global object. */
const redrawIn = (texts: string[]) => (globalThis as unknown as { benchRedraw: Redraw }).benchRedraw(texts);

const md = outline();
const nodeCount = 1 + BRANCHES * (1 + SUBS * (1 + LEAVES));
const chunks = Math.ceil(md.length / 3);
const drawable = (text: string) => text.slice(0, Math.max(0, text.lastIndexOf('\n')));

// The transform alone, in Node (what every redraw starts with).
const transformer = new Transformer([]);
const reps = 50;
let t0 = performance.now();
for (let i = 0; i < reps; i++) transformer.transform(md);
const transformMs = (performance.now() - t0) / reps;

const bundle = await build({
  stdin: {
    contents: `
      import { Transformer } from 'markmap-lib/no-plugins';
      import { Markmap } from 'markmap-view';
      import { mapSvg, svgToPng } from './apps/web/src/features/mind/exporters.ts';
      import { placedOf } from './apps/web/src/features/mind/placed.ts';
      import { parseOutline } from './apps/web/src/features/mind/outline.ts';
      import { toXmind } from './apps/web/src/features/mind/xmind.ts';
      import { importXmind } from './apps/web/src/features/mind/import.ts';
      import { MIND_MAX_WIDTH, MIND_PADDING_X } from './apps/web/src/features/mind/style.ts';
      const transformer = new Transformer([]);
      window.benchRedraw = async (texts) => {
        document.body.innerHTML = '<svg id="mm" style="width:1280px;height:800px"></svg>';
        const mm = Markmap.create(document.getElementById('mm'), { duration: 0, autoFit: false });
        const times = [];
        for (const text of texts) {
          const t = performance.now();
          await mm.setData(transformer.transform(text).root);
          times.push(performance.now() - t);
        }
        const nodes = document.querySelectorAll('g.markmap-node').length;
        mm.destroy();
        return { times, nodes };
      };
      window.benchExport = async (text, reps) => {
        document.body.innerHTML = '<svg id="mm" style="width:1280px;height:800px"></svg>';
        const mm = Markmap.create(document.getElementById('mm'), { duration: 0, autoFit: false, maxWidth: MIND_MAX_WIDTH, paddingX: MIND_PADDING_X });
        await mm.setData(transformer.transform(text).root);
        const median = async (fn) => {
          const times = [];
          for (let i = 0; i < reps; i++) {
            const t = performance.now();
            await fn();
            times.push(performance.now() - t);
          }
          return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
        };
        let built;
        const svgMs = await median(() => { built = mapSvg(placedOf(mm, mm.state.data)); });
        let png;
        const pngMs = await median(async () => { png = await svgToPng(built); });
        let xmind;
        const tree = parseOutline(text, 'x');
        const xmindOutMs = await median(() => { xmind = toXmind(tree); });
        let back;
        const xmindInMs = await median(() => { back = importXmind(xmind, 'a.xmind'); });
        const texts = built.svg.match(/<text /g).length;
        const bitmap = await createImageBitmap(png);
        mm.destroy();
        return { svgMs, svgBytes: built.svg.length, width: built.width, height: built.height, texts, pngMs, pngBytes: png.size, pngSize: bitmap.width + 'x' + bitmap.height, xmindOutMs, xmindBytes: xmind.length, xmindInMs, sameBack: back.markdown.split('\\n').length };
      };`,
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  write: false,
  minify: true,
  platform: 'browser',
});

const browser = await launchChromium();
const page = await browser.newPage();
await page.setContent('<!doctype html><html><body></body></html>');
await page.addScriptTag({ content: bundle.outputFiles[0]!.text });

const at = (fraction: number) => drawable(md.slice(0, Math.floor(md.length * fraction)) + '\n');
const runs = 15;
const rows: { label: string; ms: number; nodes: number }[] = [];
for (const [label, fraction] of [['25 %', 0.25], ['50 %', 0.5], ['100 %', 1]] as const) {
  const text = at(fraction);
  const r = await page.evaluate(redrawIn, Array(runs).fill(text) as string[]);
  const sorted = r.times.slice(1).sort((a, b) => a - b);
  rows.push({ label, ms: sorted[Math.floor(sorted.length / 2)]!, nodes: r.nodes });
}

// The whole stream as the page draws it: a redraw every 200 ms at ~60 chunks per second.
const CHUNKS_PER_S = 60;
const perRedraw = Math.round((CHUNKS_PER_S * 200) / 1000);
const texts: string[] = [];
for (let c = perRedraw; c < chunks; c += perRedraw) texts.push(drawable(md.slice(0, c * 3)));
texts.push(md);
t0 = performance.now();
const stream = await page.evaluate(redrawIn, texts);
const wall = performance.now() - t0;
type ExportFigures = { svgMs: number; svgBytes: number; width: number; height: number; texts: number; pngMs: number; pngBytes: number; pngSize: string; xmindOutMs: number; xmindBytes: number; xmindInMs: number; sameBack: number };
const exportIn = ([text, n]: [string, number]) => (globalThis as unknown as { benchExport: (t: string, n: number) => Promise<ExportFigures> }).benchExport(text, n);
const ex = await page.evaluate(exportIn, [md, 7] as [string, number]);
await browser.close();

const total = stream.times.reduce((a, b) => a + b, 0);
console.log(`outline: ${nodeCount} nodes, ${md.length} chars, ${chunks} chunks of 3 chars`);
console.log(`transform (markmap-lib, Node) of the whole outline: ${transformMs.toFixed(2)} ms`);
for (const r of rows) console.log(`one redraw (transform + setData + layout, Chromium) at ${r.label}: ${r.ms.toFixed(1)} ms median (${r.nodes} nodes drawn)`);
console.log(`whole stream at ${CHUNKS_PER_S} chunks/s, one redraw per 200 ms: ${stream.times.length} redraws, ${total.toFixed(0)} ms drawing in all (${(total / chunks).toFixed(2)} ms per chunk), worst ${Math.max(...stream.times).toFixed(1)} ms, ${stream.nodes} nodes at the end (wall ${wall.toFixed(0)} ms)`);
console.log(`unthrottled (a redraw per chunk) would cost about ${((rows[1]!.ms * chunks) / 1000).toFixed(1)} s of main thread`);
console.log(`SVG export of the whole map (layout read, ${ex.texts} labels wrapped by canvas measure, <text>/<tspan> written): ${ex.svgMs.toFixed(1)} ms median, ${(ex.svgBytes / 1024).toFixed(0)} KB, ${ex.width}x${ex.height} px`);
console.log(`PNG export (that SVG drawn at 2x, or as large as a canvas may be): ${ex.pngMs.toFixed(0)} ms median, ${ex.pngSize} px, ${(ex.pngBytes / 1024).toFixed(0)} KB`);
console.log(`.xmind export: ${ex.xmindOutMs.toFixed(1)} ms, ${(ex.xmindBytes / 1024).toFixed(1)} KB; import back: ${ex.xmindInMs.toFixed(1)} ms (${ex.sameBack} outline lines)`);
