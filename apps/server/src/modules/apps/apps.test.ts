import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  appCategoryReply,
  appCollectReply,
  appStoreReply,
  Code,
  CUSTOM_APP_LIMITS,
  expertDetail,
  expertMenuReply,
  mineAppsReply,
  templateInfo,
  templateMenuReply,
} from '@app/shared';
import { appCategories, appCollects, apps, siteConfig } from '../../db/schema/index.ts';
import { seed } from '../../seed.ts';
import { SEED_APP_CATEGORIES, SEED_EXPERTS, SEED_TEMPLATES } from '../../db/seed-apps.ts';
import { userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let alice: string;
let bob: string;
let carol: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.loginByPhone('13700000001');
  bob = await t.loginByPhone('13700000002');
  carol = await t.loginByPhone('13700000003');
});
afterAll(() => t.close());

const idOf = async (key: string) => {
  const [row] = await t.ctx.db.select({ id: apps.id }).from(apps).where(eq(apps.key, key));
  return row!.id;
};
const collectRows = async (appId: number) =>
  Number((await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(appCollects).where(eq(appCollects.appId, appId)))[0]!.n);
const countOf = async (appId: number) => (await t.ctx.db.select({ c: apps.collectCount }).from(apps).where(eq(apps.id, appId)))[0]!.c;

const validApp = () => ({
  title: '小红书标题助手',
  description: '为我的笔记起标题',
  prompt: '请为主题「{{topic}}」写{{count}}个{{tone}}风格的标题。补充：{{extra}}',
  variables: {
    topic: { name: '主题', form_type: 'input_text', placeholder: '例如：露营', tip: '一句话', require: true },
    count: { name: '数量', form_type: 'input_number', placeholder: '5', tip: '至少 3 个', require: true, limit_min: 3 },
    tone: { name: '风格', form_type: 'select', placeholder: '请选择', tip: '', require: false, select_values: ['活泼', '干货'] },
    extra: { name: '补充', form_type: 'input_textarea', placeholder: '', tip: '', require: false },
  },
});

describe('the catalogue seed', () => {
  it('creates every category, template and expert once, keyed uniquely', async () => {
    const cats = await t.ctx.db.select().from(appCategories);
    expect(cats).toHaveLength(SEED_APP_CATEGORIES.length);
    const rows = await t.ctx.db.select({ kind: apps.kind, key: apps.key, prompt: apps.prompt }).from(apps);
    expect(rows.filter((r) => r.kind === 'template')).toHaveLength(SEED_TEMPLATES.length);
    expect(rows.filter((r) => r.kind === 'expert')).toHaveLength(SEED_EXPERTS.length);
    const expert = rows.find((r) => r.key === SEED_EXPERTS[0]!.key)!;
    expect(expert.prompt).toBe(SEED_EXPERTS[0]!.systemPrompt);
  });

  it('running again adds nothing; a database seeded before the catalogue gets it on its next start', async () => {
    await seed(t.ctx.db);
    expect(await t.ctx.db.select({ id: apps.id }).from(apps)).toHaveLength(SEED_TEMPLATES.length + SEED_EXPERTS.length);
    // An older database: the first seed ran, the catalogue's did not.
    const t2 = await createTestApp();
    try {
      await t2.ctx.db.delete(apps);
      await t2.ctx.db.delete(appCategories);
      await t2.ctx.db.delete(siteConfig).where(eq(siteConfig.key, '__seeded_apps_v1'));
      await seed(t2.ctx.db);
      expect(await t2.ctx.db.select({ id: apps.id }).from(apps)).toHaveLength(SEED_TEMPLATES.length + SEED_EXPERTS.length);
      expect(await t2.ctx.db.select().from(appCategories)).toHaveLength(SEED_APP_CATEGORIES.length);
    } finally {
      await t2.close();
    }
  });
});

describe('template and expert menus and details', () => {
  it('GET /api/template/list: categories with their templates, no prompts', async () => {
    const r = await t.call('GET', '/api/template/list');
    expect(r.status).toBe(200);
    const { list } = templateMenuReply.parse(r.body.data);
    expect(list.map((m) => m.name)).toEqual(SEED_APP_CATEGORIES.filter((c) => c.kind === 'template').map((c) => c.name));
    expect(list.flatMap((m) => m.templates)).toHaveLength(SEED_TEMPLATES.length);
    expect(list[0]!.templates[0]).toEqual({ id: expect.any(Number), title: SEED_TEMPLATES[0]!.title, description: SEED_TEMPLATES[0]!.description, icon: SEED_TEMPLATES[0]!.icon });
    expect(JSON.stringify(r.body.data)).not.toContain('prompt');
  });

  it('GET /api/template/info/{id}: the form and questions, never the prompt', async () => {
    const seedT = SEED_TEMPLATES[0]!;
    const r = await t.call('GET', `/api/template/info/${await idOf(seedT.key)}`);
    const info = templateInfo.parse(r.body.data);
    expect(info).toMatchObject({ title: seedT.title, description: seedT.description, icon: seedT.icon, questions: seedT.questions, custom: false });
    expect(info.template_variable).toEqual(seedT.variables);
    expect(Object.keys(r.body.data)).not.toContain('prompt');
    expect(JSON.stringify(r.body.data)).not.toContain(seedT.prompt.slice(0, 20));
  });

  it('GET /api/app/list: categories with their experts', async () => {
    const { list } = expertMenuReply.parse((await t.call('GET', '/api/app/list')).body.data);
    expect(list.map((m) => m.name)).toEqual(SEED_APP_CATEGORIES.filter((c) => c.kind === 'expert').map((c) => c.name));
    expect(list.flatMap((m) => m.identities)).toHaveLength(SEED_EXPERTS.length);
  });

  it('GET /api/app/detail/{id}: description and questions, never the system prompt', async () => {
    const e = SEED_EXPERTS[0]!;
    const r = await t.call('GET', `/api/app/detail/${await idOf(e.key)}`);
    expect(expertDetail.parse(r.body.data)).toEqual({
      id: expect.any(Number),
      title: e.title,
      description: e.description,
      icon: e.icon,
      identity_description: e.identityDescription,
      identity_questions: e.questions,
    });
    expect(JSON.stringify(r.body.data)).not.toContain(e.systemPrompt.slice(0, 20));
  });

  it.each([
    ['/api/template/info/999999', 404],
    ['/api/app/detail/999999', 404],
    ['/api/template/info/abc', 400],
    ['/api/template/info/0', 400],
    ['/api/template/info/-3', 400],
    ['/api/app/detail/1.5', 400],
    ['/api/app/detail/99999999999', 400],
  ])('%s → %i', async (url, status) => {
    const r = await t.call('GET', url);
    expect(r.status).toBe(status);
    expect(r.body.success).toBe(false);
  });

  it('a template is not an expert and an expert is not a template (404)', async () => {
    expect((await t.call('GET', `/api/app/detail/${await idOf(SEED_TEMPLATES[0]!.key)}`)).status).toBe(404);
    expect((await t.call('GET', `/api/template/info/${await idOf(SEED_EXPERTS[0]!.key)}`)).status).toBe(404);
  });

  it('a disabled app is gone everywhere', async () => {
    const id = await idOf(SEED_TEMPLATES[1]!.key);
    await t.ctx.db.update(apps).set({ status: 0 }).where(eq(apps.id, id));
    try {
      expect((await t.call('GET', `/api/template/info/${id}`)).status).toBe(404);
      expect((await t.call('POST', '/app/collect', { token: alice, body: { appId: id } })).status).toBe(404);
      const menu = templateMenuReply.parse((await t.call('GET', '/api/template/list')).body.data).list;
      expect(menu.flatMap((m) => m.templates).some((x) => x.id === id)).toBe(false);
    } finally {
      await t.ctx.db.update(apps).set({ status: 1 }).where(eq(apps.id, id));
    }
  });
});

describe('the app store', () => {
  it('GET /api/app/category: categories with counts, filtered by kind', async () => {
    const all = appCategoryReply.parse((await t.call('GET', '/api/app/category')).body.data).list;
    expect(all).toHaveLength(SEED_APP_CATEGORIES.length);
    expect(all.reduce((n, c) => n + c.count, 0)).toBe(SEED_TEMPLATES.length + SEED_EXPERTS.length);
    const work = all.find((c) => c.kind === 'template' && c.name === '工作')!;
    expect(work.count).toBe(SEED_TEMPLATES.filter((x) => x.category === '工作').length);
    const experts = appCategoryReply.parse((await t.call('GET', '/api/app/category', { query: { kind: 'expert' } })).body.data).list;
    expect(experts.every((c) => c.kind === 'expert')).toBe(true);
    expect((await t.call('GET', '/api/app/category', { query: { kind: 'robot' } })).status).toBe(400);
  });

  it('lists the catalogue, templates first, paginated', async () => {
    const r = appStoreReply.parse((await t.call('GET', '/api/app/store', { query: { size: '10' } })).body.data);
    expect(r.meta).toEqual({ page: 1, size: 10, total: SEED_TEMPLATES.length + SEED_EXPERTS.length });
    expect(r.list).toHaveLength(10);
    expect(r.list[0]).toMatchObject({ kind: 'template', title: SEED_TEMPLATES[0]!.title, category: '工作', collected: false, custom: false });
    const last = appStoreReply.parse((await t.call('GET', '/api/app/store', { query: { size: '10', page: '7' } })).body.data);
    expect(last.list).toHaveLength((SEED_TEMPLATES.length + SEED_EXPERTS.length) % 10 || 10);
    expect(last.list.at(-1)!.kind).toBe('expert');
  });

  it('filters by kind, category and keyword', async () => {
    const experts = appStoreReply.parse((await t.call('GET', '/api/app/store', { query: { kind: 'expert', size: '100' } })).body.data);
    expect(experts.meta.total).toBe(SEED_EXPERTS.length);
    expect(experts.list.every((a) => a.kind === 'expert')).toBe(true);

    const cats = appCategoryReply.parse((await t.call('GET', '/api/app/category')).body.data).list;
    const study = cats.find((c) => c.name === '学习')!;
    const inStudy = appStoreReply.parse((await t.call('GET', '/api/app/store', { query: { category: String(study.id), size: '100' } })).body.data);
    expect(inStudy.list.map((a) => a.title)).toEqual(SEED_TEMPLATES.filter((x) => x.category === '学习').map((x) => x.title));

    const found = appStoreReply.parse((await t.call('GET', '/api/app/store', { query: { keyword: '周报' } })).body.data);
    expect(found.list.map((a) => a.title)).toContain('周报生成');
    const none = appStoreReply.parse((await t.call('GET', '/api/app/store', { query: { keyword: '%' } })).body.data);
    expect(none.meta.total).toBe(0);
    const nothing = appStoreReply.parse((await t.call('GET', '/api/app/store', { query: { keyword: '不存在的应用名称' } })).body.data);
    expect(nothing).toEqual({ list: [], meta: { page: 1, size: 24, total: 0 } });
  });

  it.each([
    [{ page: '0' }],
    [{ size: '1000' }],
    [{ kind: 'robot' }],
    [{ category: 'abc' }],
    [{ keyword: '字'.repeat(51) }],
  ])('bad query %j → 400', async (query) => {
    const r = await t.call('GET', '/api/app/store', { query });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(Code.BAD_REQUEST);
  });
});

describe('collecting', () => {
  it('toggles, counts, shows in the store for the collector only, and needs a login', async () => {
    const id = await idOf(SEED_TEMPLATES[2]!.key);
    expect((await t.call('POST', '/app/collect', { body: { appId: id } })).status).toBe(401);
    const on = await t.call('POST', '/app/collect', { token: alice, body: { appId: id } });
    expect(appCollectReply.parse(on.body.data)).toEqual({ collected: true, collect_count: 1 });
    expect((await t.call('POST', '/app/collect', { token: bob, body: { appId: id } })).body.data).toEqual({ collected: true, collect_count: 2 });

    const storeFor = async (token?: string) =>
      appStoreReply.parse((await t.call('GET', '/api/app/store', { token, query: { keyword: SEED_TEMPLATES[2]!.title } })).body.data).list.find((a) => a.id === id)!;
    expect(await storeFor(alice)).toMatchObject({ collected: true, collect_count: 2 });
    expect(await storeFor(carol)).toMatchObject({ collected: false, collect_count: 2 });
    expect(await storeFor()).toMatchObject({ collected: false, collect_count: 2 });

    const off = await t.call('POST', '/app/collect', { token: alice, body: { appId: id } });
    expect(off.body.data).toEqual({ collected: false, collect_count: 1 });
    expect(off.body.message).toBe('已取消收藏');
    await t.call('POST', '/app/collect', { token: bob, body: { appId: id } });
    expect(await countOf(id)).toBe(0);
  });

  it.each([
    [{ appId: 999999 }, 404],
    [{ appId: 'abc' }, 400],
    [{ appId: 0 }, 400],
    [{}, 400],
  ])('collect %j → %i', async (body, status) => {
    expect((await t.call('POST', '/app/collect', { token: alice, body })).status).toBe(status);
  });

  it('20 concurrent toggles by one user: back where it started, the count equal to the rows', async () => {
    const id = await idOf(SEED_TEMPLATES[3]!.key);
    const results = await Promise.all(Array.from({ length: 20 }, () => t.call('POST', '/app/collect', { token: alice, body: { appId: id } })));
    expect(results.map((r) => `${r.body.code} ${r.body.message}`).filter((c) => !c.startsWith("200"))).toEqual([]);
    expect(results.filter((r) => r.body.data.collected)).toHaveLength(10);
    expect(await collectRows(id)).toBe(0);
    expect(await countOf(id)).toBe(0);
    // 21: one more flip than before → collected.
    await Promise.all(Array.from({ length: 21 }, () => t.call('POST', '/app/collect', { token: alice, body: { appId: id } })));
    expect(await collectRows(id)).toBe(1);
    expect(await countOf(id)).toBe(1);
  });

  it('20 users collecting at once count 20, and 20 uncollecting at once count 0', async () => {
    const id = await idOf(SEED_TEMPLATES[4]!.key);
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => t.loginByPhone(`1360000${String(i).padStart(4, '0')}`)));
    await Promise.all(tokens.map((token) => t.call('POST', '/app/collect', { token, body: { appId: id } })));
    expect(await countOf(id)).toBe(20);
    expect(await collectRows(id)).toBe(20);
    const mixed = await Promise.all(tokens.flatMap((token) => [t.call('POST', '/app/delMineApp', { token, body: { appId: id } })]));
    expect(mixed.every((r) => r.body.data?.removed === 'collect')).toBe(true);
    expect(await countOf(id)).toBe(0);
    expect(await collectRows(id)).toBe(0);
  });
});

describe('my apps', () => {
  let mineId: number;

  it('creates a custom app, visible to its owner only', async () => {
    const r = await t.call('POST', '/app/customApp', { token: alice, body: validApp() });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ kind: 'template', title: '小红书标题助手', custom: true, collected: false, category: '', category_id: null });
    mineId = r.body.data.id;

    const info = templateInfo.parse((await t.call('GET', `/api/template/info/${mineId}`, { token: alice })).body.data);
    expect(info.custom).toBe(true);
    expect(info.template_variable.count).toEqual({ name: '数量', form_type: 'input_number', placeholder: '5', tip: '至少 3 个', require: true, limit_min: 3 });
    expect(info.template_variable.topic!.limit_min).toBeUndefined();

    const menu = templateMenuReply.parse((await t.call('GET', '/api/template/list', { token: alice })).body.data).list;
    expect(menu.at(-1)).toMatchObject({ id: 0, name: '我的应用', templates: [{ id: mineId, title: '小红书标题助手' }] });
    const bobMenu = templateMenuReply.parse((await t.call('GET', '/api/template/list', { token: bob })).body.data).list;
    expect(bobMenu.some((m) => m.id === 0)).toBe(false);

    const store = appStoreReply.parse((await t.call('GET', '/api/app/store', { token: alice, query: { keyword: '小红书标题助手' } })).body.data);
    expect(store.list.some((a) => a.id === mineId)).toBe(false);
  });

  it("another user's custom app is a 404 everywhere", async () => {
    expect((await t.call('GET', `/api/template/info/${mineId}`, { token: bob })).status).toBe(404);
    expect((await t.call('GET', `/api/template/info/${mineId}`)).status).toBe(404);
    expect((await t.call('POST', '/app/collect', { token: bob, body: { appId: mineId } })).status).toBe(404);
    expect((await t.call('POST', '/app/delMineApp', { token: bob, body: { appId: mineId } })).status).toBe(404);
    expect((await t.call('GET', '/api/template/info/' + mineId, { token: alice })).status).toBe(200);
  });

  it('GET /app/mineApps: my own apps and my collected apps, newest first, each once', async () => {
    const a = await idOf(SEED_TEMPLATES[5]!.key);
    const e = await idOf(SEED_EXPERTS[1]!.key);
    t.clock.advance(1000);
    await t.call('POST', '/app/collect', { token: alice, body: { appId: a } });
    t.clock.advance(1000);
    await t.call('POST', '/app/collect', { token: alice, body: { appId: e } });
    t.clock.advance(1000);
    await t.call('POST', '/app/collect', { token: alice, body: { appId: mineId } }); // own app, collected too: listed once

    const r = await t.call('GET', '/app/mineApps', { token: alice });
    const rows = mineAppsReply.parse(r.body.data).rows;
    expect(rows.map((x) => x.id)).toEqual([mineId, e, a, await idOf(SEED_TEMPLATES[3]!.key)]);
    expect(rows[0]).toMatchObject({ custom: true, collected: true });
    expect(rows[1]).toMatchObject({ kind: 'expert', custom: false, collected: true, collect_count: 1 });
    expect((await t.call('GET', '/app/mineApps')).status).toBe(401);
    expect(mineAppsReply.parse((await t.call('GET', '/app/mineApps', { token: carol })).body.data).rows).toEqual([]);
  });

  it('POST /app/delMineApp: uncollects a collected app, deletes my own, 404 otherwise', async () => {
    const a = await idOf(SEED_TEMPLATES[5]!.key);
    const un = await t.call('POST', '/app/delMineApp', { token: alice, body: { appId: a } });
    expect(un.body.data).toEqual({ removed: 'collect' });
    expect(await countOf(a)).toBe(0);
    expect((await t.call('POST', '/app/delMineApp', { token: alice, body: { appId: a } })).status).toBe(404);

    const del = await t.call('POST', '/app/delMineApp', { token: alice, body: { appId: mineId } });
    expect(del.body).toMatchObject({ code: 200, message: '删除成功', data: { removed: 'custom' } });
    expect((await t.call('GET', `/api/template/info/${mineId}`, { token: alice })).status).toBe(404);
    expect(await collectRows(mineId)).toBe(0);
    const rows = mineAppsReply.parse((await t.call('GET', '/app/mineApps', { token: alice })).body.data).rows;
    expect(rows.some((x) => x.id === mineId || x.id === a)).toBe(false);
    expect((await t.call('POST', '/app/delMineApp', { token: alice, body: { appId: 'x' } })).status).toBe(400);
    expect((await t.call('POST', '/app/delMineApp', { token: alice, body: { appId: 999999 } })).status).toBe(404);
  });

  const v = validApp().variables;
  const bad: [string, Record<string, unknown>, string, string][] = [
    ['no title', { title: '  ' }, 'title', '请输入应用名称'],
    ['a long title', { title: '标'.repeat(31) }, 'title', '应用名称最多30个字'],
    ['no prompt', { prompt: '' }, 'prompt', '请输入提示词'],
    ['a variable key with a dash', { variables: { ...v, 'my-key': v.extra } }, 'variables.my-key', '变量名「my-key」无效'],
    ['a variable key starting with a digit', { variables: { ...v, '1a': v.extra } }, 'variables.1a', '无效'],
    ['an unknown form type', { variables: { ...v, extra: { ...v.extra, form_type: 'checkbox' } } }, 'variables.extra.form_type', '表单类型无效'],
    ['a variable without a name', { variables: { ...v, extra: { ...v.extra, name: ' ' } } }, 'variables.extra.name', '显示名称'],
    ['limit_min not numeric', { variables: { ...v, count: { ...v.count, limit_min: 'abc' } } }, 'variables.count.limit_min', '最小值必须是数字'],
    ['select without values', { variables: { ...v, tone: { ...v.tone, select_values: [] } } }, 'variables.tone.select_values', '至少一个选项'],
    ['select with a blank value', { variables: { ...v, tone: { ...v.tone, select_values: ['活泼', ' '] } } }, 'variables.tone.select_values', '选项不能为空'],
    ['select with repeated values', { variables: { ...v, tone: { ...v.tone, select_values: ['活泼', '活泼'] } } }, 'variables.tone.select_values', '不能重复'],
    ['a {{var}} not declared', { prompt: '写{{topic}}、{{count}}、{{tone}}、{{extra}}和{{mood}}' }, 'prompt', '{{mood}} 没有对应的变量'],
    ['a declared variable not used', { prompt: '写{{topic}}、{{count}}、{{tone}}' }, 'variables.extra', '没有在提示词中使用'],
    ['variables not an object', { variables: ['a'] }, 'variables', '变量格式不正确'],
    [
      'too many variables',
      {
        prompt: Array.from({ length: 11 }, (_, i) => `{{v${i}}}`).join(''),
        variables: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`v${i}`, { ...v.extra }])),
      },
      'variables',
      '最多添加10个变量',
    ],
  ];
  it.each(bad)('customApp with %s → 400 naming the field', async (_name, patch, field, message) => {
    const r = await t.call('POST', '/app/customApp', { token: bob, body: { ...validApp(), ...patch } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(Code.BAD_REQUEST);
    expect(r.body.data.field).toBe(field);
    expect(r.body.message).toContain(message);
  });

  it('needs a login, and keeps at most 50 apps per user', async () => {
    expect((await t.call('POST', '/app/customApp', { body: validApp() })).status).toBe(401);
    const carolId = await userIdOf(t, carol);
    const body = validApp();
    await t.ctx.db.insert(apps).values(
      Array.from({ length: CUSTOM_APP_LIMITS.perUser - 1 }, (_, i) => ({ kind: 'template', title: `应用${i}`, prompt: body.prompt, variables: {}, ownerId: carolId })),
    );
    const results = await Promise.all(Array.from({ length: 3 }, () => t.call('POST', '/app/customApp', { token: carol, body })));
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    expect(results.find((r) => r.body.code !== 200)!.body.message).toContain('最多创建50个应用');
    expect((await t.ctx.db.select({ id: apps.id }).from(apps).where(eq(apps.ownerId, carolId))).length).toBe(CUSTOM_APP_LIMITS.perUser);
  });
});
