import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { globalConfig, mockApi, ok, resetSession } from '../../../app/test/fixtures.ts';
import { useSession } from '../../../lib/session.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import SignInDialog from './SignInDialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const days = (month: string, upTo: number, signed: number[]) =>
  Array.from({ length: upTo }, (_, i) => ({ signInDate: `${month}-${String(i + 1).padStart(2, '0')}`, isSigned: signed.includes(i + 1) }));

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SignInDialog open onClose={() => {}} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
  tokenStore.set('tok');
  resetSession({ ready: true, token: 'tok', globalConfig: globalConfig({ signInStatus: 1, signInModel3Count: 5, signInModel4Count: 1, signInMjDrawToken: 2 }) });
});

describe('sign-in dialog (SPEC §4.7)', () => {
  it('shows the month with signed days, the streak and the rewards; signs today once and reloads log and user', async () => {
    let signedToday = false;
    const api = mockApi({
      'GET /signin/signinLog': () => ok({ list: days('2026-11', 25, signedToday ? [23, 24, 25] : [23, 24]), streak: signedToday ? 3 : 2, signedToday, today: '2026-11-25', streakBonus: { every: 7, model3: 20, model4: 0, draw: 5 } }),
      'POST /signin/sign': () => {
        signedToday = true;
        return ok({ model3: 5, model4: 1, draw: 2, streak: 3, bonus: null });
      },
      'GET /api/user/info': () => ok({ id: 1, nickname: 'a', consecutiveDays: 3 }),
      'GET /balance/query': () => ok({}),
    });
    renderDialog();
    expect(await screen.findByText('已连续签到 2 天')).toBeTruthy();
    expect(screen.getByText(/基础对话 5 次 · 高级对话 1 次 · 绘画 2 积分/)).toBeTruthy();
    expect(screen.getByText('连续签到每 7 天额外奖励：基础对话 20 次 · 绘画 5 积分')).toBeTruthy();
    expect(screen.getByText('2026 年 11 月')).toBeTruthy();
    expect(screen.getByRole('img', { name: '2026-11-24 已签到' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '2026-11-25 未签到' })).toBeTruthy();
    // The next month is out of reach; a future day is plain.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '下个月' }).disabled).toBe(true);
    expect(screen.getByRole('img', { name: '2026-11-30' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '立即签到' }));
    expect(await screen.findByText('已连续签到 3 天')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('签到成功！');
    expect(screen.getByRole('img', { name: '2026-11-25 已签到' })).toBeTruthy();
    // The button is gone once today is signed.
    expect(screen.queryByRole('button', { name: '立即签到' })).toBeNull();
    expect(screen.getByRole('button', { name: '今日已签到' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/signin/sign')).toHaveLength(1);
    await waitFor(() => expect(useSession.getState().userInfo?.consecutiveDays).toBe(3));
  });

  it('goes back a month and asks for it', async () => {
    const months: (string | null)[] = [];
    mockApi({
      'GET /signin/signinLog': (url) =>
        months.push(url.searchParams.get('month')) && url.searchParams.get('month') === '2026-10'
          ? ok({ list: days('2026-10', 31, [31]), streak: 1, signedToday: false, today: '2026-11-02', streakBonus: null })
          : ok({ list: days('2026-11', 2, [1]), streak: 2, signedToday: false, today: '2026-11-02' }),
    });
    renderDialog();
    expect(await screen.findByText('已连续签到 2 天')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '上个月' }));
    expect(await screen.findByText('2026 年 10 月')).toBeTruthy();
    expect(await screen.findByRole('img', { name: '2026-10-31 已签到' })).toBeTruthy();
    expect(months).toEqual([null, '2026-10']);
  });
});
