/** Times as the site shows them (SPEC §9: +8 h). */
const dateTime = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
const dateOnly = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });

export const fmtTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');
export const fmtDate = (iso: string | null | undefined) => (iso ? dateOnly.format(new Date(iso)) : '—');
/** Fen as yuan with two decimals. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

/** An ISO time as the value of <input type="datetime-local"> in +8 h, and back. */
export function toLocalInput(iso: string | null): string {
  const d = iso ? new Date(iso) : new Date(Date.now() + 30 * 86400_000);
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16);
}
export const fromLocalInput = (value: string) => new Date(`${value}:00+08:00`).toISOString();
