import { describe, expect, it } from 'vitest';
import { DevWechat, devOauthCode } from './dev.ts';
import { wechatSignature } from './signature.ts';

const now = 1_700_000_000_000;
const dev = new DevWechat({ publicUrl: 'http://localhost:3000/', now: () => now });

describe('DevWechat', () => {
  it('points the QR at the local scan page', async () => {
    await expect(dev.createSceneQr('login a&b', 300)).resolves.toEqual({
      content: 'http://localhost:3000/api/dev/wechat/scan?scene=login%20a%26b',
      isImage: false,
    });
  });

  it('verifies pushes signed with the dev token', () => {
    const timestamp = String(now / 1000);
    const signature = wechatSignature('dev-token', timestamp, 'abc');
    expect(dev.verifySignature({ signature, timestamp, nonce: 'abc' })).toBe(true);
    expect(dev.verifySignature({ signature: wechatSignature('x', timestamp, 'abc'), timestamp, nonce: 'abc' })).toBe(false);
    const stale = String(now / 1000 - 600);
    expect(dev.verifySignature({ signature: wechatSignature('dev-token', stale, 'abc'), timestamp: stale, nonce: 'abc' })).toBe(false);
  });

  it('parses scans and replies like the real account', () => {
    const xml =
      '<xml><ToUserName><![CDATA[gh_dev]]></ToUserName><FromUserName><![CDATA[dev_user1]]></FromUserName>' +
      '<MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[s1]]></EventKey></xml>';
    const event = dev.parseScanEvent(xml);
    expect(event).toEqual({ openid: 'sim_dev_user1', sceneStr: 's1', event: 'SCAN', accountId: 'gh_dev' });
    expect(dev.parseScanEvent('junk')).toBeNull();
    expect(dev.textReply(event!, 'ok', 5)).toContain('<ToUserName><![CDATA[dev_user1]]></ToUserName>');
  });

  it('sends OAuth to the local page', () => {
    expect(dev.oauthAuthorizeUrl('http://localhost:3000/cb?x=1', 'a b')).toBe(
      'http://localhost:3000/api/dev/wechat/oauth?redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fcb%3Fx%3D1&state=a%20b',
    );
  });

  it('exchanges dev_<openid> codes and nothing else', async () => {
    await expect(dev.exchangeOauthCode(devOauthCode('user-01_x'))).resolves.toEqual({ openid: 'sim_user-01_x' });
    for (const code of ['', 'user-01', 'dev_', 'dev_abc', `dev_${'a'.repeat(65)}`, 'dev_abc def', 'dev_abcdef\n']) {
      await expect(dev.exchangeOauthCode(code)).rejects.toThrow(/授权码无效/);
    }
    expect(() => devOauthCode('bad id!')).toThrow();
  });
});
