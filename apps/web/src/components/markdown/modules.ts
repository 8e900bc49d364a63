import { lazyModule } from './lazy-module.ts';

/** react-markdown + GFM: fetched when the first reply shows (or in idle time after the page opens). */
export const rendererModule = lazyModule(() => import('./renderer.tsx'));
/** remark-math + rehype-katex + KaTeX CSS: only for replies with maths. */
export const mathModule = lazyModule(() => import('./math.ts'));
/** highlight.js with common languages: only for replies with fenced code. */
export const highlightModule = lazyModule(() => import('./highlight.ts'));
