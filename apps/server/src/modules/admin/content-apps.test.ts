import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, adminAppListReply, adminCategoryListReply } from '@app/shared';
import { apps } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { adminToken, auditRows, phone } from './test-kit.ts';

let t: TestApp;
let admin: { token: string; id: number };
let user: string;
let templateCat: number;
let expertCat: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
  user = await t.loginByPhone(phone());
  const { rows } = adminCategoryListReply.parse((await t.call('GET', '/api/admin/content/categories', { token: admin.token })).body.data);
  templateCat = rows.find((c) => c.kind === 'template' && c.apps > 0)!.id;
  expertCat = rows.find((c) => c.kind === 'expert' && c.apps > 0)!.id;
});
afterAll(() => t.close());
const A = () => ({ token: admin.token });

const template = () => ({
  kind: 'template',
  categoryId: templateCat,
  title: '周报助手',
  description: '把本周工作写成周报',
  icon: 'briefcase',
  prompt: '请根据以下内容写一份周报：{{work}}',
  variables: { work: { name: '本周工作', form_type: 'input_textarea', placeholder: '做了什么', tip: '', require: true } },
  questions: [],
  sort: -5,
  enabled: true,
});

const storeTitles = async (kind = 'template') =>
  ((await t.call('GET', '/api/app/store', { token: user, query: { kind, size: '100' } })).body.data.list as { title: string }[]).map((a) => a.title);
const templateMenuTitles = async () =>
  ((await t.call('GET', '/api/template/list', { token: user })).body.data.list as { templates: { title: string }[] }[]).flatMap((m) => m.templates.map((x) => x.title));

describe('admin: template apps and experts', () => {
  it('lists catalogue apps of both kinds with usage, never users’ own apps', async () => {
    await t.call('POST', '/app/customApp', { token: user, body: { title: '私人应用', prompt: '你好' } });
    const all = adminAppListReply.parse((await t.call('GET', '/api/admin/content/apps', { ...A(), query: { size: '100' } })).body.data);
    expect(all.total).toBeGreaterThan(10);
    expect(all.rows.some((r) => r.kind === 'expert')).toBe(true);
    expect(all.rows.some((r) => r.title === '私人应用')).toBe(false);
    const experts = adminAppListReply.parse((await t.call('GET', '/api/admin/content/apps', { ...A(), query: { kind: 'expert' } })).body.data);
    expect(experts.rows.every((r) => r.kind === 'expert')).toBe(true);
    expect(experts.rows[0]!.prompt.length).toBeGreaterThan(0);
  });

  it('creates a template users see at once, audited; bad input is refused and creates nothing', async () => {
    const r = await t.call('POST', '/api/admin/content/apps', { ...A(), body: template() });
    expect(r.status).toBe(200);
    const app = adminApp.parse(r.body.data);
    expect(app).toMatchObject({ kind: 'template', title: '周报助手', enabled: true, categoryId: templateCat });
    expect(await storeTitles()).toContain('周报助手');
    expect(await templateMenuTitles()).toContain('周报助手');
    const info = await t.call('GET', `/api/template/info/${app.id}`, { token: user });
    expect(info.body.data.template_variable.work.name).toBe('本周工作');
    const [audit] = await auditRows(t, 'app', app.id);
    expect(audit).toMatchObject({ action: 'app.create', before: null, after: { title: '周报助手', enabled: true } });

    const count = (await t.call('GET', '/api/admin/content/apps', A())).body.data.total;
    const bad: [Record<string, unknown>, string][] = [
      [{ title: '' }, '请填写名称'],
      [{ prompt: '写：{{nothing}}' }, '提示词中的 {{nothing}} 没有对应的变量，请添加该变量或删除它'],
      [{ categoryId: expertCat }, '请选择应用分类'],
      [{ categoryId: 999999 }, '分类不存在'],
      [{ icon: 'Bad Icon!' }, '图标名称只能含小写字母、数字和短横线'],
      [{ kind: 'robot' }, ''],
      [{ questions: ['x'.repeat(201)] }, '示例问题最多 200 字'],
    ];
    for (const [patch, message] of bad) {
      const res = await t.call('POST', '/api/admin/content/apps', { ...A(), body: { ...template(), ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    }
    expect((await t.call('GET', '/api/admin/content/apps', A())).body.data.total).toBe(count);
  });

  it('creates an expert with its system prompt and example questions; a form on an expert is refused', async () => {
    const body = { kind: 'expert', categoryId: expertCat, title: '税务顾问', description: '个税与社保', icon: 'scale', prompt: '你是一位税务顾问。', identityDescription: '我能解答个税问题', questions: ['年终奖怎么计税？'], sort: 0, enabled: true };
    const r = await t.call('POST', '/api/admin/content/apps', { ...A(), body });
    const e = adminApp.parse(r.body.data);
    const detail = await t.call('GET', `/api/app/detail/${e.id}`, { token: user });
    expect(detail.body.data).toMatchObject({ title: '税务顾问', identity_description: '我能解答个税问题', identity_questions: ['年终奖怎么计税？'] });
    expect(JSON.stringify(detail.body.data)).not.toContain('你是一位税务顾问');
    const bad = await t.call('POST', '/api/admin/content/apps', { ...A(), body: { ...body, variables: template().variables } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('专家没有表单变量');
  });

  it('edits every field; disabling hides it from every user list at once; only changed fields audited', async () => {
    const { rows } = adminAppListReply.parse((await t.call('GET', '/api/admin/content/apps', { ...A(), query: { q: '周报助手' } })).body.data);
    const app = rows[0]!;
    const edit = await t.call('POST', `/api/admin/content/apps/${app.id}`, { ...A(), body: { title: '周报生成器', description: '新简介', icon: 'pen-line' } });
    expect(edit.body.data).toMatchObject({ title: '周报生成器', description: '新简介', icon: 'pen-line', prompt: app.prompt });
    expect(await storeTitles()).toContain('周报生成器');
    await t.call('POST', '/app/collect', { token: user, body: { appId: app.id } });
    const off = await t.call('POST', `/api/admin/content/apps/${app.id}`, { ...A(), body: { enabled: false } });
    expect(off.body.data.enabled).toBe(false);
    expect(await storeTitles()).not.toContain('周报生成器');
    expect(await templateMenuTitles()).not.toContain('周报生成器');
    const mine = (await t.call('GET', '/app/mineApps', { token: user })).body.data.rows as { title: string }[];
    expect(mine.map((m) => m.title)).not.toContain('周报生成器');
    expect((await t.call('GET', `/api/template/info/${app.id}`, { token: user })).status).toBe(404);
    const audit = (await auditRows(t, 'app', app.id)).filter((a) => a.action === 'app.update');
    expect(audit.map((a) => a.after)).toEqual([{ title: '周报生成器', description: '新简介', icon: 'pen-line' }, { enabled: false }]);
    expect(audit[1]!.before).toEqual({ title: '周报生成器', enabled: true });
    // A prompt that no longer uses the form's variable is refused, and nothing changes.
    const bad = await t.call('POST', `/api/admin/content/apps/${app.id}`, { ...A(), body: { prompt: '没有变量的提示词' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('变量「work」没有在提示词中使用，请在提示词中写入 {{work}}');
    const [row] = await t.ctx.db.select().from(apps).where(eq(apps.id, app.id));
    expect(row!.prompt).toBe(app.prompt);
    expect((await t.call('POST', `/api/admin/content/apps/${app.id}`, { ...A(), body: {} })).status).toBe(400);
    expect((await t.call('POST', '/api/admin/content/apps/999999', { ...A(), body: { sort: 1 } })).status).toBe(404);
  });

  it('never deletes an app users collected or chatted with; an unused one goes, audited', async () => {
    const { rows } = adminAppListReply.parse((await t.call('GET', '/api/admin/content/apps', { ...A(), query: { q: '周报生成器' } })).body.data);
    const used = rows[0]!;
    expect(used.collectCount).toBe(1);
    const refused = await t.call('POST', `/api/admin/content/apps/${used.id}/delete`, A());
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('已有用户收藏或使用过该应用，不能删除，请改为下架');
    expect((await t.ctx.db.select().from(apps).where(eq(apps.id, used.id))).length).toBe(1);

    const fresh = adminApp.parse((await t.call('POST', '/api/admin/content/apps', { ...A(), body: { ...template(), title: '一次性应用' } })).body.data);
    const gone = await t.call('POST', `/api/admin/content/apps/${fresh.id}/delete`, A());
    expect(gone.status).toBe(200);
    expect((await t.ctx.db.select().from(apps).where(eq(apps.id, fresh.id))).length).toBe(0);
    const audit = await auditRows(t, 'app', fresh.id);
    expect(audit.at(-1)).toMatchObject({ action: 'app.delete', before: { title: '一次性应用' }, after: null });
    // A user's own app is not the console's.
    const own = (await t.call('GET', '/app/mineApps', { token: user })).body.data.rows.find((r: { title: string }) => r.title === '私人应用');
    expect((await t.call('POST', `/api/admin/content/apps/${own.id}/delete`, A())).status).toBe(404);
    expect((await t.call('POST', `/api/admin/content/apps/${own.id}`, { ...A(), body: { title: 'x' } })).status).toBe(404);
  });
});

describe('admin: app categories', () => {
  it('creates, renames and reorders a category users see in the store, audited; duplicates and bad input refused', async () => {
    const c = await t.call('POST', '/api/admin/content/categories', { ...A(), body: { kind: 'template', name: '节日', icon: 'gift', sort: -10 } });
    expect(c.body.data).toMatchObject({ name: '节日', kind: 'template', apps: 0 });
    const dup = await t.call('POST', '/api/admin/content/categories', { ...A(), body: { kind: 'template', name: '节日' } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('已有同名分类');
    expect((await t.call('POST', '/api/admin/content/categories', { ...A(), body: { kind: 'template', name: '' } })).status).toBe(400);
    const ren = await t.call('POST', `/api/admin/content/categories/${c.body.data.id}`, { ...A(), body: { name: '节日祝福' } });
    expect(ren.body.data.name).toBe('节日祝福');
    const cats = (await t.call('GET', '/api/app/category', { token: user })).body.data.list as { name: string }[];
    expect(cats.map((x) => x.name)).toContain('节日祝福');
    const audit = await auditRows(t, 'app_category', c.body.data.id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['category.create', null, { kind: 'template', name: '节日', icon: 'gift', sort: -10 }],
      ['category.update', { name: '节日' }, { name: '节日祝福' }],
    ]);
  });

  it('deletes only an empty category', async () => {
    const full = await t.call('POST', `/api/admin/content/categories/${templateCat}/delete`, A());
    expect(full.status).toBe(409);
    const c = await t.call('POST', '/api/admin/content/categories', { ...A(), body: { kind: 'expert', name: '临时' } });
    expect((await t.call('POST', `/api/admin/content/categories/${c.body.data.id}/delete`, A())).status).toBe(200);
    const { rows } = adminCategoryListReply.parse((await t.call('GET', '/api/admin/content/categories', A())).body.data);
    expect(rows.some((r) => r.name === '临时')).toBe(false);
    expect((await auditRows(t, 'app_category', c.body.data.id)).at(-1)).toMatchObject({ action: 'category.delete', after: null });
  });
});
