import { afterEach, describe, expect, it, vi } from 'vitest';

let releaseCode: (() => void) | null = null;
/** The code arrives, once the order is waiting for it. */
const codeArrives = async () => {
  await vi.waitFor(() => expect(releaseCode).toBeTypeOf('function'));
  releaseCode!();
  releaseCode = null;
};
vi.mock('../../lib/tracking.ts', () => ({ ensureClientCode: () => new Promise<void>((resolve) => (releaseCode = resolve)) }));

const buys: unknown[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn(async (_url: string, init?: RequestInit) => {
    buys.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ code: 200, message: 'ok', success: true, data: { orderId: 'o1' } }), { headers: { 'Content-Type': 'application/json' } });
  }),
);

const { orderSource } = await import('./order-source.ts');

afterEach(() => {
  buys.length = 0;
  localStorage.clear();
});

describe('orderSource for a guest whose client_code is still being fetched', () => {
  it('makes no order for a channel the guest left before the code arrived, and one for the channel chosen', async () => {
    const first = new AbortController();
    const wx = orderSource(3, 'wxpay').create(first.signal);
    first.abort(); // switched to Alipay while waiting
    await codeArrives();
    await expect(wx).rejects.toMatchObject({ name: 'AbortError' });
    expect(buys).toEqual([]);

    const ali = orderSource(3, 'alipay').create(new AbortController().signal);
    await codeArrives();
    await expect(ali).resolves.toMatchObject({ code: 200, data: { orderId: 'o1' } });
    expect(buys).toEqual([{ goodsId: 3, payType: 'alipay' }]);
  });
});
