import { createHash } from 'node:crypto';

/** The viewer's script: fetches the document and renders it with textContent only (nothing is parsed as HTML). */
const SCRIPT = `(async function () {
  var root = document.getElementById('app');
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = String(text); return e; }
  var res = await fetch('/api/docs/openapi.json');
  var doc = await res.json();
  var byTag = {};
  Object.keys(doc.paths).forEach(function (path) {
    var item = doc.paths[path];
    Object.keys(item).forEach(function (method) {
      var op = item[method];
      var tag = (op.tags && op.tags[0]) || 'other';
      (byTag[tag] = byTag[tag] || []).push({ path: path, method: method, op: op });
    });
  });
  var filter = document.getElementById('q');
  function render() {
    var q = filter.value.trim().toLowerCase();
    root.textContent = '';
    Object.keys(byTag).sort().forEach(function (tag) {
      var ops = byTag[tag].filter(function (o) { return !q || (o.path + ' ' + o.op.summary).toLowerCase().indexOf(q) >= 0; });
      if (!ops.length) return;
      var sec = el('section'); sec.appendChild(el('h2', null, tag));
      ops.forEach(function (o) {
        var d = el('details');
        var s = el('summary');
        s.appendChild(el('span', 'm ' + o.method, o.method.toUpperCase()));
        s.appendChild(el('code', null, o.path));
        s.appendChild(el('span', 'a', o.op['x-access'] + (o.op['x-kind'] !== 'json' ? ' · ' + o.op['x-kind'] : '')));
        s.appendChild(el('span', 's', o.op.summary));
        d.appendChild(s);
        var parts = { parameters: o.op.parameters, requestBody: o.op.requestBody, responses: o.op.responses };
        Object.keys(parts).forEach(function (k) {
          if (!parts[k] || (Array.isArray(parts[k]) && !parts[k].length)) return;
          d.appendChild(el('h3', null, k));
          d.appendChild(el('pre', null, JSON.stringify(parts[k], null, 2)));
        });
        sec.appendChild(d);
      });
      root.appendChild(sec);
    });
  }
  filter.addEventListener('input', render);
  render();
})();`;

const STYLE = `body{font:14px/1.6 -apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;margin:0;padding:24px;color:#1f2328;background:#f6f8fa}
h1{font-size:20px;margin:0 0 12px}h2{font-size:16px;margin:24px 0 8px;text-transform:capitalize}h3{font-size:13px;margin:8px 0 4px;color:#57606a}
input{width:100%;max-width:480px;padding:8px 10px;border:1px solid #d0d7de;border-radius:6px;font-size:14px;box-sizing:border-box}
details{background:#fff;border:1px solid #d0d7de;border-radius:6px;margin:6px 0;padding:6px 10px}
summary{cursor:pointer;display:flex;gap:10px;align-items:baseline;flex-wrap:wrap}
.m{font:600 12px monospace;min-width:48px}.get{color:#0969da}.post{color:#1a7f37}.put{color:#9a6700}
.a{font-size:12px;color:#8250df}.s{color:#57606a}pre{background:#f6f8fa;padding:8px;overflow:auto;font-size:12px;max-height:420px}`;

const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

export const VIEWER_CSP = `default-src 'none'; script-src ${hash(SCRIPT)}; style-src ${hash(STYLE)}; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

export const VIEWER_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>知行 AI · API</title><style>${STYLE}</style></head><body>
<h1>知行 AI · API</h1><p>OpenAPI 3.1: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a></p>
<input id="q" placeholder="筛选路径或说明" aria-label="筛选"><main id="app"></main>
<script>${SCRIPT}</script></body></html>`;
