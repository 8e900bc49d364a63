import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useSession } from '../../../lib/session.ts';
import { mockApi, ok, resetSession, website } from '../../../app/test/fixtures.ts';
import { DialogHost } from '../../../app/dialogs/DialogHost.tsx';
import { siteChannels } from '../../../components/pay/channels.ts';

vi.mock('../../auth/components/LoginDialog.tsx', () => ({ LoginDialog: () => null }));

const pkg = { id: 1, name: '体验月卡', introduction: '', description: '', price: '19.90', price_y: '29.90', discount: '', days: 30, level: 1, model3_count: 500, model4_count: 50, draw_count: 20 };

beforeEach(() => {
  vi.unstubAllGlobals();
});

describe('the pay dialog offers only what works', () => {
  it('reads the narrowed pay_way: none, one or both channels', () => {
    expect(siteChannels('')).toEqual([]);
    expect(siteChannels('ali')).toEqual(['alipay']);
    expect(siteChannels('ali,wx')).toEqual(['wxpay', 'alipay']);
    expect(siteChannels(undefined)).toEqual(['wxpay', 'alipay']);
  });

  it('with no payment channel configured, says so and places no order', async () => {
    const api = mockApi({ 'GET /api/package/index': () => ok({ list: [pkg] }), 'POST /order/buy': () => ok(null) });
    resetSession({ ready: true, website: website({ pay_way: '' }) });
    render(<DialogHost />);
    act(() => useSession.getState().openDialog('pay'));
    expect(await screen.findByText('暂未开通在线支付，请联系客服', {}, { timeout: 5000 })).toBeTruthy();
    expect(api.count('POST', '/order/buy')).toBe(0);
  });
});
