import type { Plugin } from 'vite';

/**
 * Issue 30 (CSS before LCP): one of the three copies of the colour palette the stylesheet carries
 * is dropped when it is provably redundant.
 *
 * Tailwind writes its theme colours in oklch(); the build's CSS minifier (Lightning CSS, targets
 * from build.target es2020) lowers each to three definitions of the same variable:
 *   :root{--color-red-500:#fb2c36}                                          every browser (sRGB)
 *   @supports (color:color(display-p3 0 0 0)){:root{--color-red-500:color(display-p3 …)}}
 *   @supports (color:lab(0% 0 0)){:root{--color-red-500:lab(55.48% 75.07 48.47)}}
 * Every browser that takes the lab() block also takes the display-p3 one (Chrome/Edge 111+,
 * Safari 15+, Firefox 113+ support both), and the lab() block, coming last, wins there. When a
 * colour lies inside the display-p3 gamut, its display-p3 value is the same colour as its lab()
 * value, so that block changes nothing on screen. This plugin checks exactly that, for every
 * variable of the block (lab → XYZ D50 → Bradford → XYZ D65 → display-p3, as CSS Color 4's sample
 * code): the variable has a display-p3 definition, the converted value is inside the gamut and
 * matches it within 1e-4 per channel (a 10-bit display step is 1e-3; the build's values agree within 2e-6). Only then is the
 * lab() block removed (about 1 KiB brotli of 15); otherwise the sheet is left as it is.
 *
 * The block is written by the minifier inside Vite's CSS pipeline, so this runs on the bundle
 * (generateBundle), after file names are hashed: a sheet keeps the name its full text hashed to.
 * That name still changes whenever the sheet's source does, and a sheet cached under it from
 * before this plugin draws the same colours. (Lightning CSS's `exclude: Features.LabColors`
 * would act before hashing, but it drops the display-p3 block and keeps lab(): Safari 10 to 14
 * would lose the wide-gamut colours.)
 */
export function cssColorFallbacks(): Plugin {
  return {
    name: 'app:css-color-fallbacks',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const asset of Object.values(bundle)) {
        if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue;
        const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        const out = dropRedundantLabBlock(css);
        if (out !== css) asset.source = out;
      }
    },
  };
}

const LAB_BLOCK = '@supports (color:lab(0% 0 0)){';
const P3_BLOCK = '@supports (color:color(display-p3 0 0 0)){';

/** The text of the block that opens at `start` (its `{…}` balanced), or null. */
function blockAt(css: string, start: number): string | null {
  let depth = 0;
  for (let i = css.indexOf('{', start); i < css.length && i >= 0; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return css.slice(start, i + 1);
  }
  return null;
}

/** The stylesheet without its `@supports (color:lab(…))` palette block, when the display-p3 block renders every one of its colours the same. */
export function dropRedundantLabBlock(css: string): string {
  const labAt = css.indexOf(LAB_BLOCK);
  const p3At = css.indexOf(P3_BLOCK);
  if (labAt < 0 || p3At < 0 || p3At > labAt) return css;
  const lab = blockAt(css, labAt);
  const p3 = blockAt(css, p3At);
  if (!lab || !p3) return css;
  // Each block is `@supports(…){:root,:host{--a:…;--b:…}}`, custom properties only.
  const decls = (block: string, selectorsAndBody: RegExp) => {
    const m = selectorsAndBody.exec(block);
    if (!m) return null;
    const map = new Map<string, string>();
    for (const d of m[1]!.split(';')) {
      const i = d.indexOf(':');
      if (i < 0 || !d.startsWith('--')) return null;
      map.set(d.slice(0, i), d.slice(i + 1).trim());
    }
    return map;
  };
  const body = (kind: string) => new RegExp(`^@supports \\(color:${kind}\\)\\{:root,:host\\{([^{}]*)\\}\\}$`);
  const labVars = decls(lab, body('lab\\(0% 0 0\\)'));
  const p3Vars = decls(p3, body('color\\(display-p3 0 0 0\\)'));
  if (!labVars || !p3Vars || labVars.size === 0) return css;
  for (const [name, value] of labVars) {
    const l = /^lab\(([\d.e+-]+)% ([\d.e+-]+) ([\d.e+-]+)\)$/.exec(value);
    const p = /^color\(display-p3 ([\d.e+-]+) ([\d.e+-]+) ([\d.e+-]+)\)$/.exec(p3Vars.get(name) ?? '');
    if (!l || !p) return css;
    const converted = labToDisplayP3(Number(l[1]), Number(l[2]), Number(l[3]));
    const given = [Number(p[1]), Number(p[2]), Number(p[3])];
    for (let c = 0; c < 3; c++) {
      if (converted[c]! < -1e-4 || converted[c]! > 1 + 1e-4) return css;
      if (Math.abs(converted[c]! - given[c]!) > 1e-4) return css;
    }
  }
  return css.slice(0, labAt) + css.slice(labAt + lab.length);
}

type Vec = [number, number, number];
const mul = (m: Vec[], v: Vec): Vec => m.map((r) => r[0] * v[0] + r[1] * v[1] + r[2] * v[2]) as Vec;

/** CIE Lab (D50, L in percent) to gamma-encoded display-p3, per CSS Color 4's conversion code. */
export function labToDisplayP3(L: number, a: number, b: number): Vec {
  const κ = 24389 / 27;
  const ε = 216 / 24389;
  const f1 = (L + 16) / 116;
  const f0 = a / 500 + f1;
  const f2 = f1 - b / 200;
  const xyz50: Vec = [
    (f0 ** 3 > ε ? f0 ** 3 : (116 * f0 - 16) / κ) * (0.3457 / 0.3585),
    L > κ * ε ? f1 ** 3 : L / κ,
    (f2 ** 3 > ε ? f2 ** 3 : (116 * f2 - 16) / κ) * ((1 - 0.3457 - 0.3585) / 0.3585),
  ];
  const xyz65 = mul(
    [
      [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
      [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
      [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
    ],
    xyz50,
  );
  const linear = mul(
    [
      [446124 / 178915, -333277 / 357830, -72051 / 178915],
      [-14852 / 17905, 63121 / 35810, 423 / 17905],
      [11844 / 330415, -50337 / 660830, 316169 / 330415],
    ],
    xyz65,
  );
  return linear.map((v) => {
    const abs = Math.abs(v);
    return Math.sign(v) * (abs > 0.0031308 ? 1.055 * abs ** (1 / 2.4) - 0.055 : 12.92 * abs);
  }) as Vec;
}
