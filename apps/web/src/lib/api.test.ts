import { afterEach, describe, expect, it, vi } from 'vitest';
import { callRoute, endpoint, requestRoute } from './api.ts';

const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the typed manifest client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills path parameters (encoded), sends GET input as the query and resolves with the data', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => reply({ code: 200, message: 'ok', success: true, data: { list: [] } }));
    vi.stubGlobal('fetch', fetchMock);
    const history = endpoint('document.history', 'GET', '/api/document/history/:uuid');
    await expect(callRoute(history, undefined, { params: { uuid: 'a/b c' } })).resolves.toEqual({ list: [] });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/document/history/a%2Fb%20c');
    const store = endpoint('apps.store', 'GET', '/api/app/store');
    await callRoute(store, { page: 2, size: 10 });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/app/store?page=2&size=10');
  });

  it('refuses a call whose path parameter is missing, before any request', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const detail = endpoint('apps.expertDetail', 'GET', '/api/app/detail/:id');
    expect(() => callRoute(detail, undefined, { params: {} as { id: number } })).toThrow(/missing path parameter id/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requestRoute resolves with the whole envelope (a pending poll is not an error); callRoute throws on a refusal', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => reply({ code: 202, message: '等待扫码', success: false, data: null })));
    const poll = endpoint('auth.wechatPoll', 'GET', '/api/login/wechat');
    await expect(requestRoute(poll, { login_ticket: 't' }, { silent: true })).resolves.toMatchObject({ code: 202, data: null });
    vi.stubGlobal('fetch', vi.fn(async () => reply({ code: 400, message: '参数错误', success: false, data: null }, 400)));
    const bind = endpoint('billing.orderBind', 'POST', '/api/order/bind');
    await expect(callRoute(bind, { order_sn: 'X' }, { silent: true })).rejects.toMatchObject({ code: 400, message: '参数错误' });
  });
});
