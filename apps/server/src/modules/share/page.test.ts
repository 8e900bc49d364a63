import { describe, expect, it } from 'vitest';
import { escapeHtml, withGoneHead, withShareHead } from './page.ts';
import { descriptionOf, snapshotOf } from './snapshot.ts';

const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>AI</title>
    <script>
      try { document.documentElement.classList.add('dark'); } catch (e) {}
    </script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('the head of a share page', () => {
  it('replaces the title, adds description and Open Graph tags, and leaves the scripts alone (their CSP hashes)', () => {
    const html = withShareHead(INDEX, { title: '勾股定理 $1 $& </title>', description: '怎么证明？', url: 'https://ai.example/s/abc', siteName: '知行' });
    expect(html).toContain('<title>勾股定理 $1 $&amp; &lt;/title&gt; - 知行</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="怎么证明？" />');
    expect(html).toContain('<meta property="og:site_name" content="知行" />');
    expect(html).toContain("try { document.documentElement.classList.add('dark'); } catch (e) {}");
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('marks a gone share as not indexed', () => {
    const html = withGoneHead(INDEX, '知行');
    expect(html).toContain('<title>分享不存在或已失效 - 知行</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });

  it('escapes every character that could leave a text node or an attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\``)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;');
  });
});

describe('the snapshot', () => {
  const m = (id: number, role: 'user' | 'assistant', text: string) => ({
    id, uuid: 1, role, inversion: role === 'user', text, images: [], status: 'complete' as const, error: false, errorText: null, model: 'x', usage: null, charged: false, dateTime: '2026-11-25T00:00:00.000Z',
  });
  const list = [m(1, 'user', '问'), m(2, 'assistant', '答'), m(3, 'user', '再问'), m(4, 'assistant', ''), m(5, 'user', '后来')];

  it('cuts after the chosen message and leaves out replies without text', () => {
    expect(snapshotOf(list, 2)?.map((x) => x.text)).toEqual(['问', '答']);
    expect(snapshotOf(list)?.map((x) => x.text)).toEqual(['问', '答', '再问', '后来']);
    expect(snapshotOf(list, 99)).toBeNull();
  });

  it('describes a share by its first question as plain text, cut to 120 characters', () => {
    expect(descriptionOf([{ role: 'user', text: '## 标题\n**粗体** [链接](https://x.y) `code`\n\n```js\nlet a\n```', dateTime: '' }])).toBe('标题 粗体 链接 code');
    expect(Array.from(descriptionOf([{ role: 'user', text: '长'.repeat(300), dateTime: '' }]))).toHaveLength(120);
  });
});
