import { describe, expect, it } from 'vitest';
import { createWechatProvider } from './index.ts';

const full = { WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 'secret', WECHAT_TOKEN: 'token' };

describe('createWechatProvider', () => {
  it('uses the dev simulator when nothing is set', async () => {
    const wechat = createWechatProvider({}, 'http://localhost:3000');
    expect(wechat.name).toBe('dev');
    expect((await wechat.createSceneQr('s', 60)).content).toBe('http://localhost:3000/api/dev/wechat/scan?scene=s');
  });

  it('uses the official account when all three are set, honouring WECHAT_API_BASE', async () => {
    expect(createWechatProvider(full, 'http://x').name).toBe('official');
    const wechat = createWechatProvider({ ...full, WECHAT_API_BASE: 'http://127.0.0.1:1' }, 'http://x');
    await expect(wechat.createSceneQr('s', 60)).rejects.toThrow(/无法连接微信接口/);
  });

  it('refuses a half configuration and names what is missing', () => {
    expect(() => createWechatProvider({ WECHAT_APP_ID: 'wx1' }, 'http://x')).toThrow(
      /missing WECHAT_APP_SECRET, WECHAT_TOKEN/,
    );
    expect(() => createWechatProvider({ ...full, WECHAT_TOKEN: '  ' }, 'http://x')).toThrow(/missing WECHAT_TOKEN\./);
  });
});
