import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_FRAME_KEY, forgetFirstFrame, isFirstFramePath, removeFirstFrame, resetFirstFrameForTest, saveFirstFrame, selectedClasses } from './first-frame.ts';

/** index.html's inline script that shows the frame (the one that reads the stored copy). */
const frameScript = [...readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map((m) => m[1]!)
  .find((s) => s.includes(`'${FIRST_FRAME_KEY}'`))!;

// The head's script and stylesheet are only looked at: happy-dom need not report that it fetches neither.
(window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
let doc: Document;
let path = '/talk';

function head(js: string, css: string) {
  doc.head.innerHTML = `<script type="module" src="${js}"></script><link rel="stylesheet" href="${css}">`;
}

function page(at: string) {
  path = at;
  doc = document.implementation.createHTMLDocument('');
  head('/assets/index-A.js', '/assets/index-A.css');
  doc.body.innerHTML = '<div id="root"><div class="flex h-full"><h1 id="title">你好</h1><textarea id="composer"></textarea></div></div>';
}
const runInlineScript = () => new Function('document', 'location', frameScript)(doc, { pathname: path });

beforeEach(() => {
  localStorage.clear();
  resetFirstFrameForTest();
});

describe('the first frame of /talk (issue 30)', () => {
  it('is kept from what #root shows and drawn by index.html on the next visit, without ids, above #root', () => {
    page('/talk');
    saveFirstFrame(doc);
    doc.body.innerHTML = '<div id="root"></div>';
    runInlineScript();
    const frame = doc.getElementById('first-frame')!;
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    expect(frame.style.position).toBe('fixed');
    expect(frame.querySelector('h1')?.textContent).toBe('你好');
    expect(frame.querySelectorAll('[id]')).toHaveLength(0);
    removeFirstFrame(doc);
    expect(doc.getElementById('first-frame')).toBeNull();
  });

  it('is drawn for / (which opens /talk) but not for other routes', () => {
    page('/talk');
    saveFirstFrame(doc);
    for (const [at, shown] of [['/', true], ['/talk/', true], ['/draw', false]] as const) {
      path = at;
      doc.body.innerHTML = '<div id="root"></div>';
      runInlineScript();
      expect(!!doc.getElementById('first-frame'), at).toBe(shown);
      expect(isFirstFramePath(at)).toBe(shown);
    }
  });

  it('belongs to one build: another entry script or stylesheet draws no frame', () => {
    page('/talk');
    saveFirstFrame(doc);
    head('/assets/index-B.js', '/assets/index-A.css');
    doc.body.innerHTML = '<div id="root"></div>';
    runInlineScript();
    expect(doc.getElementById('first-frame')).toBeNull();
  });

  it('brings back the stylesheets the page had, after the linked one and in their order, and shows the copy once they are in', async () => {
    page('/talk');
    const add = (href: string) => {
      const l = doc.createElement('link');
      l.rel = 'stylesheet';
      l.href = href;
      doc.head.appendChild(l);
    };
    add('/assets/index-full.css');
    add('/assets/renderer.css');
    // What each sheet selects: the copy's flex and h-full are in the first; katex only in the renderer's.
    doc.getElementById('root')!.insertAdjacentHTML('beforeend', '<span class="katex"></span>');
    const selects: Record<string, string[]> = { '/assets/index-A.css': ['flex', 'h-full'], '/assets/index-full.css': ['flex', 'h-full', 'grid'], '/assets/renderer.css': ['katex'] };
    saveFirstFrame(doc, (link) => new Set(selects[link.getAttribute('href')!] ?? []));
    expect(JSON.parse(localStorage.getItem(FIRST_FRAME_KEY)!).sheets).toEqual(['/assets/renderer.css']);
    // Had it needed the full sheet too, both come back in their order.
    localStorage.setItem(FIRST_FRAME_KEY, JSON.stringify({ ...JSON.parse(localStorage.getItem(FIRST_FRAME_KEY)!), sheets: ['/assets/index-full.css', '/assets/renderer.css'] }));
    head('/assets/index-A.js', '/assets/index-A.css');
    doc.body.innerHTML = '<div id="root"></div>';
    runInlineScript();
    const links = [...doc.querySelectorAll('link[rel="stylesheet"]')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/assets/index-A.css', '/assets/index-full.css', '/assets/renderer.css']);
    // happy-dom reports each sheet loaded (the browser does so later, the copy hidden until then).
    await vi.waitFor(() => expect(doc.getElementById('first-frame')!.style.visibility).toBe(''));
  });

  it('needs no other sheet when the first one styles everything the copy shows', () => {
    page('/talk');
    const l = doc.createElement('link');
    l.rel = 'stylesheet';
    l.href = '/assets/index-full.css';
    doc.head.appendChild(l);
    saveFirstFrame(doc, (link) => new Set(link.getAttribute('href') === '/assets/index-A.css' ? ['flex', 'h-full'] : ['flex', 'h-full', 'grid']));
    expect(JSON.parse(localStorage.getItem(FIRST_FRAME_KEY)!).sheets).toEqual([]);
  });

  it('reads the classes a sheet selects, nested rules and escapes included', () => {
    const style = document.createElement('style');
    style.textContent = '.flex{display:flex}@media (min-width:768px){.md\\:p-4{padding:1rem}}.group:hover .group-hover\\:underline{text-decoration:underline}';
    document.head.appendChild(style);
    expect([...selectedClasses(style.sheet)].sort()).toEqual(['flex', 'group', 'group-hover\\:underline', 'md\\:p-4']);
    style.remove();
  });

  it('is kept once per page load, and forgotten (at logout)', () => {
    page('/talk');
    saveFirstFrame(doc);
    doc.getElementById('root')!.innerHTML = '<p>later</p>';
    saveFirstFrame(doc);
    expect(JSON.parse(localStorage.getItem(FIRST_FRAME_KEY)!).html).toContain('你好');
    forgetFirstFrame();
    expect(localStorage.getItem(FIRST_FRAME_KEY)).toBeNull();
  });

  it('a broken copy draws nothing and throws nothing', () => {
    page('/talk');
    localStorage.setItem(FIRST_FRAME_KEY, '{not json');
    expect(runInlineScript).not.toThrow();
    expect(doc.getElementById('first-frame')).toBeNull();
  });
});
