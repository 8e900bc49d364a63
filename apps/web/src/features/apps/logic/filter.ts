/** Whether an app matches a search keyword (title, description or category; case-insensitive). */
export function matchesKeyword(app: { title: string; description: string; category: string }, keyword: string) {
  const k = keyword.trim().toLowerCase();
  if (!k) return true;
  return [app.title, app.description, app.category].some((s) => s.toLowerCase().includes(k));
}

/** The store's query parameters with `name` set (or removed when empty; `tab=all` is the default). */
export function withParam(params: URLSearchParams, name: 'tab' | 'q', value: string) {
  const next = new URLSearchParams(params);
  if (value && !(name === 'tab' && value === 'all')) next.set(name, value);
  else next.delete(name);
  return next;
}
