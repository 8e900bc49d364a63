/**
 * Issue 30, the first frame of /talk: a copy of the DOM the app drew for /talk's first screen on
 * the last visit. The inline script after #root in index.html shows it at once, above #root
 * (position fixed, aria-hidden), before the app's code has run; the layout removes it in the same
 * commit in which it draws the real screen, so the copy and the real screen are never both seen and
 * nothing moves. The copy belongs to one build (entry script and stylesheet): a new build shows no
 * frame until it has drawn /talk once. Only the site's screen is copied (what the app drew for this
 * browser, kept in this browser, dropped at logout).
 */
export const FIRST_FRAME_KEY = 'firstFrame';
export const FIRST_FRAME_VERSION = 1;
/** Larger copies are not kept: the inline script parses this on every visit before the first paint. */
const MAX_CHARS = 120_000;

export interface StoredFirstFrame {
  v: number;
  build: string;
  html: string;
  /** The stylesheets the copy needs beyond index.html's own, in document order: the inline script links them and shows the copy once they are in. */
  sheets?: string[];
}

/** The build a frame belongs to; the inline script in index.html computes the same string. */
export function currentBuild(doc: Document = document): string {
  const script = doc.querySelector('script[type=module][src]');
  const sheet = doc.querySelector('link[rel=stylesheet]');
  return `${script?.getAttribute('src') ?? ''} ${sheet?.getAttribute('href') ?? ''}`;
}

/** The paths the frame is shown for (the inline script's test): /talk and /, which opens /talk. */
export const isFirstFramePath = (pathname: string) => ['/talk', '/'].includes(pathname.replace(/\/+$/, '') || '/');

/** The classes a stylesheet's rules select, as CSS writes them (escaped), nested rules included; none when it cannot be read. */
export function selectedClasses(sheet: CSSStyleSheet | null): Set<string> {
  const out = new Set<string>();
  const walk = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      const selector = (rule as CSSStyleRule).selectorText;
      if (selector) for (const m of selector.matchAll(/\.((?:\\.|[\w-])+)/g)) out.add(m[1]!);
      const nested = (rule as CSSGroupingRule).cssRules;
      if (nested) walk(nested);
    }
  };
  try {
    if (sheet) walk(sheet.cssRules);
  } catch {
    // Not readable (not loaded): it styles nothing the copy shows.
  }
  return out;
}

/**
 * The stylesheets after index.html's own that style something the copy shows which that one does
 * not (the full sheet for a lazily drawn part, a renderer's sheet): the next visit links them before
 * it shows the copy and waits for them. A copy the first sheet styles alone is shown at once.
 */
function sheetsTheCopyNeeds(doc: Document, root: Element, classesOf: (link: HTMLLinkElement) => Set<string>): string[] {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  if (links.length < 2) return [];
  const used = new Set<string>();
  for (const el of Array.from(root.querySelectorAll('[class]'))) for (const c of Array.from(el.classList)) used.add(CSS.escape(c));
  const first = classesOf(links[0]!);
  return links
    .slice(1)
    .filter((link) => {
      const own = classesOf(link);
      for (const c of used) if (own.has(c) && !first.has(c)) return true;
      return false;
    })
    .map((link) => link.getAttribute('href') ?? '')
    .filter(Boolean);
}

let saved = false;

/** Keeps what #root shows now as the next visit's first frame (once per page load). */
export function saveFirstFrame(doc: Document = document, classesOf = (link: HTMLLinkElement) => selectedClasses(link.sheet)) {
  if (saved) return;
  saved = true;
  const root = doc.getElementById('root');
  const html = root?.innerHTML ?? '';
  try {
    if (!root || !html || html.length > MAX_CHARS) localStorage.removeItem(FIRST_FRAME_KEY);
    else {
      const frame: StoredFirstFrame = { v: FIRST_FRAME_VERSION, build: currentBuild(doc), html, sheets: sheetsTheCopyNeeds(doc, root, classesOf) };
      localStorage.setItem(FIRST_FRAME_KEY, JSON.stringify(frame));
    }
  } catch {
    // A full or blocked storage only costs the next visit its first frame.
  }
}

export function forgetFirstFrame() {
  try {
    localStorage.removeItem(FIRST_FRAME_KEY);
  } catch {
    // Nothing stored then.
  }
}

/** The app has drawn its own screen: the copy goes. */
export function removeFirstFrame(doc: Document = document) {
  doc.getElementById('first-frame')?.remove();
}

/** For tests: the once-per-load flag. */
export function resetFirstFrameForTest() {
  saved = false;
}
