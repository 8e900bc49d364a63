import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { ADDRESS_LOCKED_MESSAGE, failureAddress, GLOBAL_LOCKED_MESSAGE } from './password-guard.ts';

const PASSWORD = 'correct-horse-9';

async function login(t: TestApp, userName: string, password: string, remoteAddress: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login/account-login', payload: { userName, password }, remoteAddress });
  const body = res.json<{ code: number; message: string }>();
  return { status: res.statusCode, code: body.code, message: body.message };
}

async function registerUser(t: TestApp, userName: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login/register', payload: { userName, password: PASSWORD }, remoteAddress: '10.250.0.1' });
  expect(res.json().code, res.body).toBe(200);
}

async function alive(t: TestApp) {
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
}

describe('failed password logins per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_FAILS_PER_IP: '5' }, kv: 'memory' });
    await registerUser(t, 'addr_owner');
  });
  afterAll(() => t.close());

  it('stops one address spraying many usernames after its limit, with the Chinese 429; other addresses go on', async () => {
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await login(t, `sprayed_${i}`, 'Password1', '10.20.0.1'));
    expect(results.slice(0, 5).map((r) => r.message)).toEqual(Array(5).fill('账号或密码错误'));
    for (const r of results.slice(5)) expect(r).toEqual({ status: 429, code: 429, message: ADDRESS_LOCKED_MESSAGE });
    // The address is refused even with a right password; the account itself is not locked.
    expect((await login(t, 'addr_owner', PASSWORD, '10.20.0.1')).status).toBe(429);
    expect((await login(t, 'addr_owner', PASSWORD, '10.20.0.2')).code).toBe(200);
    expect((await login(t, 'sprayed_9', 'Password1', '10.20.0.3')).message).toBe('账号或密码错误');
    await alive(t);
    // 15 minutes on, the address may try again.
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(t, 'addr_owner', PASSWORD, '10.20.0.1')).code).toBe(200);
  });

  it('a burst of concurrent failures from one address gets no more than the limit verified', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => login(t, `burst_${i}`, 'Password1', '10.20.1.1')));
    expect(results.filter((r) => r.status === 400)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429).every((r) => r.message === ADDRESS_LOCKED_MESSAGE)).toBe(true);
    expect(results.filter((r) => r.status === 429)).toHaveLength(15);
    await alive(t);
  });

  it('successful logins do not count against the address', async () => {
    for (let i = 0; i < 8; i++) expect((await login(t, 'addr_owner', PASSWORD, '10.20.2.1')).code).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(t, `typo_${i}`, 'Password1', '10.20.2.1')).status).toBe(400);
    expect((await login(t, 'addr_owner', PASSWORD, '10.20.2.1')).code).toBe(200);
  });

  it('counts an IPv6 client by its /64, an IPv4-mapped address as the IPv4 one', async () => {
    expect(failureAddress('2001:db8:7:7::1')).toBe('2001:db8:7:7::/64');
    expect(failureAddress('2001:DB8:7:7:ffff:1:2:3')).toBe('2001:db8:7:7::/64');
    expect(failureAddress('::ffff:192.0.2.9')).toBe('192.0.2.9');
    expect(failureAddress('::ffff:c000:209')).toBe('192.0.2.9');
    expect(failureAddress('203.0.113.4')).toBe('203.0.113.4');
    for (let i = 1; i <= 5; i++) expect((await login(t, `v6_${i}`, 'Password1', `2001:db8:7:7::${i}`)).status).toBe(400);
    expect((await login(t, 'v6_6', 'Password1', '2001:db8:7:7:abcd::6')).message).toBe(ADDRESS_LOCKED_MESSAGE);
    expect((await login(t, 'v6_7', 'Password1', '2001:db8:7:8::1')).status).toBe(400);
  });
});

describe('the site-wide failure limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_FAILS_GLOBAL_PER_MIN: '8', LOGIN_FAILS_PER_IP: '20' }, kv: 'memory' });
    await registerUser(t, 'flood_victim');
  });
  afterAll(() => t.close());

  it('once one address floods it, refuses that address, not the rest of the site', async () => {
    const flood = [];
    for (let i = 0; i < 10; i++) flood.push(await login(t, `flooded_${i}`, 'Password1', '10.30.0.1'));
    expect(flood.slice(0, 8).every((r) => r.status === 400)).toBe(true);
    for (const r of flood.slice(8)) expect(r).toEqual({ status: 429, code: 429, message: GLOBAL_LOCKED_MESSAGE });

    // A correct password from another address logs in.
    expect((await login(t, 'flood_victim', PASSWORD, '10.30.0.2')).code).toBe(200);
    // A clean address that mistypes is answered as usual for its first failures, then refused while the site is over.
    const typos = [];
    for (let i = 0; i < 4; i++) typos.push(await login(t, 'flood_victim', `wrong-${i}`, '10.30.0.3'));
    expect(typos.slice(0, 3).map((r) => r.message)).toEqual(Array(3).fill('账号或密码错误'));
    expect(typos[3]).toEqual({ status: 429, code: 429, message: GLOBAL_LOCKED_MESSAGE });
    await alive(t);

    // A minute on the site is under its limit again: the flooding address (under its own limit) is answered again.
    t.clock.advance(61_000);
    expect((await login(t, 'flooded_x', 'Password1', '10.30.0.1')).status).toBe(400);
    expect((await login(t, 'flood_victim', PASSWORD, '10.30.0.3')).code).toBe(200);
  });
});

describe('two instances on one KvStore (Redis when REDIS_URL is set)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { LOGIN_FAILS_PER_IP: '4' } });
    b = await createTestApp({ env: { LOGIN_FAILS_PER_IP: '4' }, shareWith: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('failures from one address spread over both add up to its limit', async () => {
    for (const [i, t] of [a, b, a, b].entries()) expect((await login(t, `shared_${i}`, 'Password1', '10.40.0.1')).status).toBe(400);
    for (const t of [b, a]) expect(await login(t, 'shared_x', 'Password1', '10.40.0.1')).toMatchObject({ status: 429, message: ADDRESS_LOCKED_MESSAGE });
    expect((await login(b, 'shared_y', 'Password1', '10.40.0.2')).status).toBe(400);
  });
});
