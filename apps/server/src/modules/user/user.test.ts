import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, balanceReply, userInfo } from '@app/shared';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('user info and balance', () => {
  it('returns the caller only, with a masked phone', async () => {
    const a = await t.loginByPhone('13800000001');
    const b = await t.loginByPhone('13800000002');
    const ia = userInfo.parse((await t.call('GET', '/api/user/info', { token: a })).body.data);
    const ib = userInfo.parse((await t.call('GET', '/api/user/info', { token: b })).body.data);
    expect(ia.id).not.toBe(ib.id);
    expect(ia.mobile).toBe('138****0001');
    expect(ia.nickname).toBe('用户0001');
    expect(ia.is_vip).toBe(false);
    expect(ia.has_password).toBe(false);
    const bal = balanceReply.parse((await t.call('GET', '/balance/query', { token: a })).body.data);
    expect(bal.base).toEqual({ model3: 20, model4: 5, draw: 5 });
    expect(bal.member.expires_at).toBeNull();
  });

  it('needs a token', async () => {
    expect((await t.call('GET', '/balance/query')).status).toBe(401);
    expect((await t.call('POST', '/user/update', { body: { nickname: 'x' } })).status).toBe(401);
    expect((await t.call('POST', '/user/update', { body: { nickname: 'x' }, token: 'bogus' })).body.code).toBe(Code.TOKEN_INVALID);
  });
});

describe('user update', () => {
  it('changes nickname and avatar of the caller only', async () => {
    const a = await t.loginByPhone('13800000011');
    const b = await t.loginByPhone('13800000012');
    const r = await t.call('POST', '/user/update', { token: a, body: { nickname: '小明', avatar: 'https://cdn.example.com/a.png' } });
    expect(r.body).toMatchObject({ code: 200, data: { relogin: false } });
    const ia = (await t.call('GET', '/api/user/info', { token: a })).body.data;
    expect(ia).toMatchObject({ nickname: '小明', avatar: 'https://cdn.example.com/a.png' });
    const ib = (await t.call('GET', '/api/user/info', { token: b })).body.data;
    expect(ib.nickname).toBe('用户0012');
  });

  it('rejects bad input and changes nothing', async () => {
    const a = await t.loginByPhone('13800000021');
    const cases = [{}, { nickname: 'x'.repeat(21) }, { avatar: 'javascript:alert(1)' }, { password: '123' }, { nickname: 42 }];
    for (const body of cases) {
      const r = await t.call('POST', '/user/update', { token: a, body });
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
    }
    expect((await t.call('GET', '/api/user/info', { token: a })).body.data.nickname).toBe('用户0021');
  });

  it('sets a password, which ends every session; then needs the old one to change it', async () => {
    const a1 = await t.loginByPhone('13800000031');
    const a2 = await t.loginByPhone('13800000031');
    const set = await t.call('POST', '/user/update', { token: a1, body: { password: 'first-pass' } });
    expect(set.body.data.relogin).toBe(true);
    expect((await t.call('GET', '/api/user/info', { token: a1 })).body.code).toBe(Code.TOKEN_INVALID);
    expect((await t.call('GET', '/api/user/info', { token: a2 })).body.code).toBe(Code.TOKEN_INVALID);

    const login = await t.call('POST', '/api/login/account-login', { body: { userName: '13800000031', password: 'first-pass' } });
    expect(login.body.code).toBe(200);
    const token = login.body.data.token;
    const noOld = await t.call('POST', '/user/update', { token, body: { password: 'second-pass' } });
    expect(noOld.body.message).toBe('请输入原密码');
    const wrongOld = await t.call('POST', '/user/update', { token, body: { password: 'second-pass', oldPassword: 'nope' } });
    expect(wrongOld.body.message).toBe('原密码错误');
    expect((await t.call('GET', '/api/user/info', { token })).body.code).toBe(200);
    const ok = await t.call('POST', '/user/update', { token, body: { password: 'second-pass', oldPassword: 'first-pass' } });
    expect(ok.body.data.relogin).toBe(true);
  });
});
