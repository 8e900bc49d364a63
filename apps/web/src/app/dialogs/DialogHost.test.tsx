import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useSession } from '../../lib/session.ts';
import { mockApi, ok, resetSession } from '../test/fixtures.ts';
import { DialogHost } from './DialogHost.tsx';

/** Dialogs are lazy chunks; the first import can be slow on a busy test machine. */
const LAZY = { timeout: 5000 };
const findDialog = () => screen.findByRole('dialog', {}, LAZY);

vi.mock('../../features/auth/components/LoginDialog.tsx', () => ({
  LoginDialog: () => (useSession((s) => s.loginOpen) ? <div role="dialog" aria-label="login" /> : null),
}));

beforeEach(() => {
  resetSession({ ready: true });
  vi.unstubAllGlobals();
});

describe('dialog host', () => {
  it.each([
    ['pay', '订单支付'],
    ['bindWechat', '绑定微信'],
    ['signIn', '每日签到'],
    ['ppt', 'AI PPT 套餐'],
  ] as const)('%s opens a placeholder with its title and 即将上线, closed by its button', async (kind, title) => {
    render(<DialogHost />);
    act(() => useSession.getState().openDialog(kind));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain(title);
    expect(dialog.textContent).toContain('即将上线');
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(useSession.getState().dialog).toBeNull();
  });

  it('goods lists the packages read-only, loading them when needed', async () => {
    const api = mockApi({
      'GET /api/package/index': () =>
        ok({ list: [{ id: 1, name: '体验月卡', introduction: '轻度使用', description: '', price: '19.90', price_y: '29.90', discount: '限时67折', days: 30 }] }),
    });
    render(<DialogHost />);
    act(() => useSession.getState().openDialog('goods'));
    expect(await screen.findByText('体验月卡', {}, LAZY)).toBeTruthy();
    expect(screen.getByText('19.90')).toBeTruthy();
    expect(screen.getByText('30 天')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('在线支付即将开放');
    expect(api.count('GET', '/api/package/index')).toBe(1);
  });

  it('mounts the login dialog only once login is opened', async () => {
    render(<DialogHost />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => useSession.getState().openLogin());
    expect(await screen.findByRole('dialog', { name: 'login' }, LAZY)).toBeTruthy();
  });
});
