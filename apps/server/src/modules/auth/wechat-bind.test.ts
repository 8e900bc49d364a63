import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const qr = (token?: string) => t.call('GET', '/official/getQRSceneStrByBind', { token });
const poll = (token: string | undefined, sceneStr: string) => t.call('POST', '/official/bindWxBySceneStr', { token, body: { sceneStr } });
/** The demo simulator's scan (a signed push, as the official account would send). */
const scan = (scene: string, openid: string) => t.call('POST', '/api/dev/wechat/scan', { body: { scene, openid } });
const openidOf = async (id: number) => (await t.ctx.db.select({ o: users.wechatOpenid }).from(users).where(eq(users.id, id)))[0]!.o;

describe('binding WeChat (SPEC §4.6)', () => {
  it('QR, waiting (202), scanned, bound once; the user info says so; unbinding needs another way to log in', async () => {
    const token = await t.loginByPhone('13900000001');
    const id = await userIdOf(t, token);
    const { body } = await qr(token);
    expect(body.data).toMatchObject({ isImage: false, expiresIn: 120 });
    expect(body.data.sceneStr).toMatch(/^bind_/);
    expect((await poll(token, body.data.sceneStr)).body).toMatchObject({ code: 202, data: null });
    expect((await scan(body.data.sceneStr, 'wx_bind_a')).body.code).toBe(200);
    const done = await poll(token, body.data.sceneStr);
    expect(done.body).toMatchObject({ code: 200, message: '绑定成功', data: { bound: true } });
    expect(await openidOf(id)).toBe('sim_wx_bind_a');
    expect((await t.call('GET', '/api/user/info', { token })).body.data.wechat_bound).toBe(true);
    // Used once: polling again is an expired QR; a new QR is refused while bound.
    expect((await poll(token, body.data.sceneStr)).status).toBe(400);
    expect((await qr(token)).body.message).toBe('当前账号已绑定微信');
    // This user logs in by phone: unbinding is allowed.
    expect((await t.call('POST', '/api/user/wechat/unbind', { token })).body).toMatchObject({ code: 200, message: '已解绑微信' });
    expect(await openidOf(id)).toBeNull();
    expect((await t.call('POST', '/api/user/wechat/unbind', { token })).body.message).toBe('当前账号未绑定微信');
  });

  it('one WeChat account binds to one user only', async () => {
    const a = await t.loginByPhone('13900000002');
    const b = await t.loginByPhone('13900000003');
    const qa = (await qr(a)).body.data.sceneStr;
    await scan(qa, 'wx_shared');
    expect((await poll(a, qa)).body.code).toBe(200);
    const qb = (await qr(b)).body.data.sceneStr;
    await scan(qb, 'wx_shared');
    const refused = await poll(b, qb);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('该微信已绑定其他账号');
    expect(await openidOf(await userIdOf(t, b))).toBeNull();
  });

  it('another user cannot poll (or bind through) my scene; a guest and bad input are refused', async () => {
    const mine = await t.loginByPhone('13900000004');
    const other = await t.loginByPhone('13900000005');
    const scene = (await qr(mine)).body.data.sceneStr;
    expect((await poll(other, scene)).status).toBe(400);
    await scan(scene, 'wx_mine');
    const stolen = await poll(other, scene);
    expect(stolen.body.message).toBe('二维码已过期，请刷新后重试');
    expect(await openidOf(await userIdOf(t, other))).toBeNull();
    // Mine is still bindable by me.
    expect((await poll(mine, scene)).body.code).toBe(200);
    expect((await qr()).status).toBe(401);
    expect((await poll(undefined, scene)).status).toBe(401);
    for (const bad of ['', 'short', 'x'.repeat(65), 'bind_\u0000aaaaaaaa']) expect((await poll(mine, bad)).status).toBe(400);
  });

  it('an account that only logs in with WeChat cannot unbind it (it would be locked out)', async () => {
    const login = await t.call('GET', '/api/login/wechat-qrcode');
    await scan(login.body.data.loginTicket, 'wx_only_user');
    const token = (await t.call('GET', '/api/login/wechat', { query: { login_ticket: login.body.data.loginTicket } })).body.data.token as string;
    const r = await t.call('POST', '/api/user/wechat/unbind', { token });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请先绑定手机号或设置密码，再解绑微信');
  });
});
