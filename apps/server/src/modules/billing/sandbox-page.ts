/**
 * The HTML of the local sandbox checkout (a stand-in for a gateway's cashier page): plain HTML
 * and CSS, no script, readable on a phone and a desktop, light and dark.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}
:root{color-scheme:light dark;--bg:#f5f6f8;--card:#fff;--fg:#1f2329;--muted:#8a9099;--line:#eceef1;--accent:#1677ff;--accent-h:#0f62d6;--warn-bg:#fff7e6;--warn-fg:#ad6800;--ok:#16a34a}
@media (prefers-color-scheme:dark){:root{--bg:#111214;--card:#1c1d21;--fg:#e9eaec;--muted:#8d929b;--line:#2a2c31;--warn-bg:rgba(250,173,20,.12);--warn-fg:#f5c15a;--accent:#3b8cff;--accent-h:#5a9dff}}
body{margin:0;min-height:100vh;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:24px 16px calc(24px + env(safe-area-inset-bottom));background:var(--bg);color:var(--fg);font:15px/1.6 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","Segoe UI",sans-serif}
main{width:100%;max-width:400px;background:var(--card);border-radius:20px;padding:28px 24px 24px;box-shadow:0 8px 30px rgba(0,0,0,.06)}
.badge{display:inline-flex;align-items:center;gap:6px;border-radius:999px;background:var(--warn-bg);color:var(--warn-fg);font-size:12px;font-weight:600;padding:3px 10px}
h1{font-size:17px;font-weight:600;margin:14px 0 2px}
.amount{font-size:36px;font-weight:700;letter-spacing:-.5px;margin:6px 0 18px;font-variant-numeric:tabular-nums}
.amount small{font-size:20px;font-weight:600;margin-right:2px}
dl{margin:0 0 18px;border-top:1px solid var(--line)}
dl div{display:flex;justify-content:space-between;gap:16px;padding:10px 0;border-bottom:1px solid var(--line);font-size:14px}
dt{color:var(--muted);flex-shrink:0}
dd{margin:0;text-align:right;word-break:break-all}
.note{font-size:12.5px;color:var(--muted);margin:0 0 20px}
.actions{display:flex;gap:10px}
button,.link{flex:1;height:46px;border-radius:12px;border:0;font:inherit;font-size:16px;font-weight:600;cursor:pointer;display:inline-flex;align-items:center;justify-content:center;text-decoration:none}
.pay{background:var(--accent);color:#fff}.pay:hover{background:var(--accent-h)}
.cancel{flex:0 0 34%;background:transparent;color:var(--muted);border:1px solid var(--line)}.cancel:hover{color:var(--fg)}
.link{background:var(--accent);color:#fff}
.state{text-align:center;padding:8px 0 4px}
.icon{width:56px;height:56px;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;font-size:28px;color:#fff;background:var(--ok);margin-bottom:6px}
.icon.bad{background:#9ca3af}
.state p{color:var(--muted);font-size:14px;margin:4px 0 18px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const BADGE = '<span class="badge">沙箱支付 · 演示模式</span>';
const CHANNEL_NAMES: Record<string, string> = { wxpay: '微信支付', alipay: '支付宝' };

export interface CheckoutView {
  packageName: string;
  amountYuan: string;
  orderNo: string;
  channel: string;
  /** The signed link's fields, posted back with the button pressed. */
  fields: Record<string, string>;
}

export function checkoutPage(v: CheckoutView): string {
  const hidden = Object.entries(v.fields)
    .map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val)}">`)
    .join('');
  return page(
    '沙箱支付 · 收银台',
    `${BADGE}
<h1>${esc(v.packageName)}</h1>
<div class="amount" aria-label="支付金额"><small>¥</small>${esc(v.amountYuan)}</div>
<dl>
<div><dt>商品</dt><dd>${esc(v.packageName)}</dd></div>
<div><dt>订单号</dt><dd>${esc(v.orderNo)}</dd></div>
<div><dt>支付方式</dt><dd>${esc(CHANNEL_NAMES[v.channel] ?? v.channel)}（沙箱）</dd></div>
</dl>
<p class="note">这是本地沙箱支付页，不会产生任何真实扣款。点击「支付」后，沙箱会像真实支付网关一样发送签名的支付通知，订单随即到账。</p>
<form method="post" class="actions">${hidden}
<button type="submit" name="action" value="cancel" class="cancel">取消</button>
<button type="submit" name="action" value="pay" class="pay">支付</button>
</form>`,
  );
}

export function resultPage(kind: 'paid' | 'cancelled' | 'expired' | 'invalid', detail?: string): string {
  const texts = {
    paid: ['支付成功', '款项已到账，可以关闭此页面，回到原页面继续使用。'],
    cancelled: ['已取消支付', '订单未支付，可以关闭此页面。'],
    expired: ['订单已超时关闭', '请回到原页面重新下单。'],
    invalid: ['支付链接无效', detail ?? '链接已过期或被修改，请回到原页面重新下单。'],
  } as const;
  const [title, line] = texts[kind];
  return page(
    `${title} · 沙箱支付`,
    `${BADGE}<div class="state"><div class="icon${kind === 'paid' ? '' : ' bad'}" aria-hidden="true">${kind === 'paid' ? '✓' : '!'}</div><h1>${esc(title)}</h1><p>${esc(line)}</p></div>`,
  );
}
