import { callRoute, endpoint } from '../../lib/api.ts';
import { apiUrl } from '../../lib/api-base.ts';
import { commonHeaders } from '../../lib/http.ts';

/** AI PPT calls (packages/shared/src/routes/slides.ts is the contract). */
const ep = {
  packages: endpoint('slides.packages', 'GET', '/api/aippt/package/list'),
  validate: endpoint('slides.outlineValidate', 'POST', '/api/aippt/outline/validate'),
  outlineStop: endpoint('slides.outlineStop', 'POST', '/api/aippt/outline/stop'),
  saveOutline: endpoint('slides.saveOutline', 'POST', '/api/aippt/deck/outline'),
  generate: endpoint('slides.generate', 'POST', '/api/aippt/deck/generate'),
  cancel: endpoint('slides.cancel', 'POST', '/api/aippt/deck/cancel'),
  theme: endpoint('slides.theme', 'POST', '/api/aippt/deck/theme'),
  slide: endpoint('slides.slide', 'POST', '/api/aippt/deck/slide'),
  remove: endpoint('slides.delete', 'POST', '/api/aippt/deck/delete'),
  list: endpoint('slides.list', 'GET', '/api/aippt/deck/list'),
  view: endpoint('slides.view', 'GET', '/api/aippt/ppt/viewContent'),
};

export const slidesApi = {
  packages: () => callRoute(ep.packages, undefined, { silent: true }),
  validate: (body: Parameters<typeof callRoute<'slides.outlineValidate', 'POST'>>[1]) => callRoute(ep.validate, body),
  stopOutline: (secret: string) => callRoute(ep.outlineStop, { secret }, { silent: true }),
  saveOutline: (body: Parameters<typeof callRoute<'slides.saveOutline', 'POST'>>[1]) => callRoute(ep.saveOutline, body),
  generate: (id: number) => callRoute(ep.generate, { id }),
  cancel: (id: number) => callRoute(ep.cancel, { id }),
  theme: (id: number, theme: string) => callRoute(ep.theme, { id, theme }),
  slide: (body: Parameters<typeof callRoute<'slides.slide', 'POST'>>[1]) => callRoute(ep.slide, body),
  remove: (id: number) => callRoute(ep.remove, { id }),
  list: () => callRoute(ep.list, undefined, { silent: true }),
  view: (id: number, silent = false) => callRoute(ep.view, { id }, { silent }),
};

/** The outline stream (GET, SSE) of a validated deck: a turn run by lib/stream-run. */
export const outlineStreamUrl = (secret: string) => `/api/aippt/outline/stream?${new URLSearchParams({ secret })}`;

/** The slides job's progress (SSE): the deck now, each section's progress, then job.end (lib/useJobProgress). */
export const deckWatchUrl = (id: number) => `/api/aippt/deck/watch?id=${id}`;

/** The query keys of AI PPT (lists and decks are TanStack queries). */
export const slidesKeys = {
  all: ['slides'] as const,
  list: (token: string | null) => ['slides', 'list', token] as const,
  packages: (token: string | null) => ['slides', 'packages', token] as const,
  deck: (id: number) => ['slides', 'deck', id] as const,
};

/** Downloads the deck's .pptx, or its PDF when the server has LibreOffice (the token goes in a header, so not a plain link). */
export async function downloadPptx(id: number, title: string, format: 'pptx' | 'pdf' = 'pptx') {
  const headers = commonHeaders();
  delete headers['Content-Type'];
  const res = await fetch(apiUrl(`/api/aippt/deck/export?id=${id}&format=${format}`), { headers, cache: 'no-store' });
  if (!res.ok) {
    const reply = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(reply?.message || `HTTP ${res.status}`);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'slides'}.${format}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
