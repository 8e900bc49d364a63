import type { OrderBuyReply, ThesisCreateBody, ThesisDetail, ThesisOrderIndexReply, ThesisOutlineEvent, ThesisOutlineInput, ThesisSummary, ThesisWatchEvent } from '@app/shared';
import { requestEventStream, type StreamEnd } from '../../lib/event-stream.ts';
import { commonHeaders, http } from '../../lib/http.ts';

/** The calls of thesis writing (packages/shared/src/schemas/thesis.ts is the contract). */

export const fetchTheses = () => http.get<{ list: ThesisSummary[] }>('/api/thesis/list', undefined, { silent: true }).then((d) => d.list);
export const fetchThesis = (id: number) => http.get<ThesisDetail>('/api/thesis/detail', { id });
export const createThesis = (body: ThesisCreateBody) => http.post<{ id: number }>('/api/thesis/create', body);
export const deleteThesis = (id: number) => http.post<null>('/api/thesis/delete', { id });
export const saveOutline = (id: number, outline: ThesisOutlineInput) => http.post<ThesisDetail>('/api/thesis/outline/save', { id, outline });
export const startWriting = (id: number, orderSn?: string) => http.post<{ job_id: number; held: number }>('/api/thesis/write', { id, ...(orderSn ? { order_sn: orderSn } : {}) });
export const rewriteSection = (id: number, key: string) => http.post<{ job_id: number; held: number }>('/api/thesis/section/rewrite', { id, key });
export const cancelWriting = (id: number) => http.post<null>('/api/thesis/cancel', { id });
export const fetchThesisOrders = () => http.get<ThesisOrderIndexReply>('/api/thesis/order/index', undefined, { silent: true });
export const bindThesisOrder = (orderSn: string) => http.post<{ order_sn: string; package_name: string; chars: number }>('/api/thesis/order/bind', { order_sn: orderSn });
export const buyPackage = (goodsId: number) => http.post<OrderBuyReply>('/order/buy', { goodsId, payType: 'wxpay' });
export const orderStatus = (orderId: string) => http.post<{ status: 0 | 1 | 2 }>('/order/queryByOrderId', { orderId }, { silent: true });

/** Generates the outline: the prepare, then its stream (deltas, then done or error). */
export async function streamOutline(id: number, onEvent: (e: ThesisOutlineEvent) => void, signal: AbortSignal): Promise<StreamEnd> {
  const { secret } = await http.post<{ secret: string }>('/api/thesis/outline/prepare', { id });
  return requestEventStream<ThesisOutlineEvent>('/api/thesis/outline/stream', { method: 'POST', body: { id, secret }, signal }, onEvent);
}

/** The writing progress: its state now, then live events until the job ends. */
export const watchWriting = (id: number, onEvent: (e: ThesisWatchEvent) => void, signal: AbortSignal) =>
  requestEventStream<ThesisWatchEvent>(`/api/thesis/watch?id=${id}`, { method: 'GET', signal }, onEvent);

/** Downloads an export (the token goes as a header, so it is fetched and saved as a blob). */
export async function downloadExport(id: number, format: 'docx' | 'md', name: string) {
  const headers = commonHeaders();
  delete headers['Content-Type'];
  const res = await fetch(`/api/thesis/export?id=${id}&format=${format}`, { headers });
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
