import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { useSession } from '../../../lib/session.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { mockApi, ok, sessionRoutes, userInfo, website } from '../test/fixtures.ts';
import BindWechatDialog from './BindWechatDialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const qr = () => ok({ sceneStr: 'bind_scene_1', wxUrl: 'http://localhost/api/dev/wechat/scan?scene=bind_scene_1', isImage: false, expiresIn: 120 });

function openWith(result: { code: number; message: string }) {
  const api = mockApi({
    ...sessionRoutes,
    'GET /official/getQRSceneStrByBind': qr,
    'POST /official/bindWxBySceneStr': () => ({ status: result.code === 200 ? 200 : 400, body: { ...result, data: null } }),
  });
  const onClose = vi.fn();
  render(<BindWechatDialog open onClose={onClose} />);
  return { api, onClose };
}

beforeEach(() => {
  tokenStore.set('t-user');
  useSession.setState({ token: 't-user', userInfo: { ...userInfo, wechat_bound: false }, website: website() });
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  tokenStore.clear();
  vi.unstubAllGlobals();
});

describe('SPEC §4.6 bind WeChat: the result is shown, the user refreshed and the dialog closed', () => {
  it('a success shows its message and closes', async () => {
    const { api, onClose } = openWith({ code: 200, message: '绑定微信成功' });
    expect(await screen.findByTestId('bind-qr')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 4000 });
    expect(toast.success).toHaveBeenCalledWith('绑定微信成功');
    expect(api.count('GET', '/api/user/info')).toBeGreaterThan(0);
  });

  it('a refusal shows the server message as an error and closes too, without a new QR', async () => {
    const { api, onClose } = openWith({ code: 400, message: '该微信已绑定其他账号' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 4000 });
    expect(toast.error).toHaveBeenCalledWith('该微信已绑定其他账号');
    expect(toast.success).not.toHaveBeenCalled();
    expect(api.count('GET', '/api/user/info')).toBeGreaterThan(0);
    expect(api.count('GET', '/official/getQRSceneStrByBind')).toBe(1);
  });
});
