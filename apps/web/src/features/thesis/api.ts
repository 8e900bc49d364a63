import type { ThesisCreateBody, ThesisOutlineInput } from '@app/shared';
import { callRoute, endpoint } from '../../lib/api.ts';
import { apiUrl } from '../../lib/api-base.ts';
import { commonHeaders } from '../../lib/http.ts';

/** The calls of thesis writing (packages/shared/src/schemas/thesis.ts is the contract). */

const list = endpoint('thesis.list', 'GET', '/api/thesis/list');
const detail = endpoint('thesis.detail', 'GET', '/api/thesis/detail');
const create = endpoint('thesis.create', 'POST', '/api/thesis/create');
const remove = endpoint('thesis.remove', 'POST', '/api/thesis/delete');
const outlineSave = endpoint('thesis.outlineSave', 'POST', '/api/thesis/outline/save');
const outlinePrepare = endpoint('thesis.outlinePrepare', 'POST', '/api/thesis/outline/prepare');
const outlineStop = endpoint('thesis.outlineStop', 'POST', '/api/thesis/outline/stop');
const write = endpoint('thesis.write', 'POST', '/api/thesis/write');
const rewrite = endpoint('thesis.rewrite', 'POST', '/api/thesis/section/rewrite');
const cancel = endpoint('thesis.cancel', 'POST', '/api/thesis/cancel');
const orderIndex = endpoint('thesis.orderIndex', 'GET', '/api/thesis/order/index');
const orderBind = endpoint('thesis.orderBind', 'POST', '/api/thesis/order/bind');

export const fetchTheses = () => callRoute(list, undefined, { silent: true }).then((d) => d.list);
export const fetchThesis = (id: number) => callRoute(detail, { id });
export const createThesis = (body: ThesisCreateBody) => callRoute(create, body);
export const deleteThesis = (id: number) => callRoute(remove, { id });
export const saveOutline = (id: number, outline: ThesisOutlineInput) => callRoute(outlineSave, { id, outline });
export const startWriting = (id: number, orderSn?: string) => callRoute(write, { id, ...(orderSn ? { order_sn: orderSn } : {}) });
export const rewriteSection = (id: number, key: string) => callRoute(rewrite, { id, key });
export const cancelWriting = (id: number) => callRoute(cancel, { id });
export const fetchThesisOrders = () => callRoute(orderIndex, undefined, { silent: true });
export const bindThesisOrder = (orderSn: string) => callRoute(orderBind, { order_sn: orderSn });

/** The outline turn: prepare (its secret), then the stream (POST, SSE), stoppable by its secret. */
export const prepareOutline = (id: number) => callRoute(outlinePrepare, { id });
export const stopOutline = (secret: string) => callRoute(outlineStop, { secret }, { silent: true });
export const OUTLINE_STREAM_URL = '/api/thesis/outline/stream';

/** The writing progress (SSE): its state now, then live events until the job ends (lib/useJobProgress). */
export const watchUrl = (id: number) => `/api/thesis/watch?id=${id}`;

/** The query keys of thesis writing (lists and details are TanStack queries). */
export const thesisKeys = {
  all: ['thesis'] as const,
  list: (token: string | null) => ['thesis', 'list', token] as const,
  orders: ['thesis', 'orders'] as const,
  detail: (id: number) => ['thesis', 'detail', id] as const,
};

/** Downloads an export (the token goes as a header, so it is fetched and saved as a blob). */
export async function downloadExport(id: number, format: 'docx' | 'pdf' | 'md', name: string) {
  const headers = commonHeaders();
  delete headers['Content-Type'];
  const res = await fetch(apiUrl(`/api/thesis/export?id=${id}&format=${format}`), { headers });
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.${format}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
