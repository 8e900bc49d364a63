import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { globalConfig, mockApi, ok, resetSession } from '../../app/test/fixtures.ts';
import { tokenStore } from '../../lib/storage.ts';
import ReferralPage from './ReferralPage.tsx';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ReferralPage />
    </QueryClientProvider>,
  );
}

const reward = (model3: number, model4: number, draw: number) => ({ model3, model4, draw });

beforeEach(() => {
  vi.unstubAllGlobals();
  resetSession({ ready: true, globalConfig: globalConfig({ siteName: '知行 AI' }) });
});

describe('/share (referral plan)', () => {
  it('shows the link with the code, the rewards, the totals and the invite record', async () => {
    tokenStore.set('tok');
    resetSession({ ready: true, token: 'tok', globalConfig: globalConfig({ siteName: '知行 AI' }) });
    mockApi({
      'GET /user/genInviteCode': () =>
        ok({ code: 'AB12CD34', rewards: { enabled: true, inviter: reward(10, 2, 5), invitee: reward(5, 0, 2), dailyLimit: 20 }, invited: 2, earned: reward(20, 4, 10) }),
      'GET /user/inviteRecord': () =>
        ok({ rows: [{ nickname: '138****0000', createdAt: '2026-11-24T02:00:00.000Z', reward: reward(10, 2, 5) }, { nickname: '小明', createdAt: '2026-11-23T02:00:00.000Z', reward: reward(0, 0, 0) }], count: 2 }),
    });
    renderPage();
    expect(await screen.findByTestId('share-code')).toHaveProperty('textContent', 'AB12CD34');
    expect(screen.getByText(`${window.location.origin}/talk?invitedBy=AB12CD34`)).toBeTruthy();
    expect(screen.getByText('基础对话 10 次 · 高级对话 2 次 · 绘画 5 积分')).toBeTruthy();
    expect(screen.getByText('基础对话 5 次 · 绘画 2 积分')).toBeTruthy();
    expect(screen.getByText('2 人')).toBeTruthy();
    expect(screen.getByText('每人每天最多获得 20 次邀请奖励。')).toBeTruthy();
    expect(await screen.findByText('138****0000')).toBeTruthy();
    expect(screen.getByText('+10 基础 · +2 高级 · +5 绘画')).toBeTruthy();
    expect(screen.getByText('未获奖励')).toBeTruthy();
  });

  it('asks a guest to log in, without calling the API', () => {
    const api = mockApi({});
    renderPage();
    expect(screen.getByRole('heading', { name: '登录后参与推广计划' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
