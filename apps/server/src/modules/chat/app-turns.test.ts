import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chatHistoriesReply, chatHistoryReply, Code, fillTemplatePrompt, type ChatCreateInput } from '@app/shared';
import { apps, chatGroups } from '../../db/schema/index.ts';
import { SEED_EXPERTS, SEED_TEMPLATES, type SeedTemplate } from '../../db/seed-apps.ts';
import { addModel, sendTurn, setBalance, userIdOf } from '../../testing/chat.ts';
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let up: FakeUpstream;
let alice: string;
let bob: string;

beforeAll(async () => {
  up = await startFakeUpstream({ chunks: 3 });
  t = await createTestApp();
  alice = await t.loginByPhone('13500000001');
  bob = await t.loginByPhone('13500000002');
  await setBalance(t, await userIdOf(t, alice), { base3: 100 });
  await setBalance(t, await userIdOf(t, bob), { base3: 100 });
  await addModel(t, { code: 'up', baseUrl: up.url, keys: ['good-1'], systemPrompt: '你是助手' });
});
afterAll(async () => {
  await t.close();
  await up.close();
});

/** POST /api/chat/create, its envelope as it came (data is the error detail on a refusal). */
const create = (token: string, body: ChatCreateInput) => t.call<any>('POST', '/api/chat/create', { token, body });
const idOf = async (key: string) => (await t.ctx.db.select({ id: apps.id }).from(apps).where(eq(apps.key, key)))[0]!.id;
const groupOf = async (uuid: number) => (await t.ctx.db.select().from(chatGroups).where(eq(chatGroups.id, uuid)))[0]!;
const groups = async (type: string, token = alice) =>
  chatHistoriesReply.parse((await t.call('GET', '/api/chat/histories', { token, query: { type } })).body.data).list;

/** Valid values for every variable of a seeded template. */
function valuesFor(tpl: SeedTemplate): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tpl.variables).map(([k, v]) => [
      k,
      v.form_type === 'select' ? v.select_values![0]! : v.form_type === 'input_number' ? String((v.limit_min ?? 0) + 1) : `我的${v.name}`,
    ]),
  );
}

const withNumber = SEED_TEMPLATES.find((x) => Object.values(x.variables).some((v) => v.form_type === 'input_number' && (v.limit_min ?? 0) > 0))!;
const numberKey = Object.entries(withNumber.variables).find(([, v]) => v.form_type === 'input_number' && (v.limit_min ?? 0) > 0)![0];
const withSelect = SEED_TEMPLATES.find((x) => Object.values(x.variables).some((v) => v.form_type === 'select' && v.require))!;
const selectKey = Object.entries(withSelect.variables).find(([, v]) => v.form_type === 'select' && v.require)![0];
const weekly = SEED_TEMPLATES.find((x) => x.key === 'weekly-report')!;

describe('template chat (temp_id + variable)', () => {
  it('fills the prompt with the values, sends it upstream, stores it, and types the group 3', async () => {
    const id = await idOf(weekly.key);
    const values = { ...valuesFor(weekly), plan: '', role: '  ' };
    const r = await sendTurn(t, alice, { temp_id: id, variable: values, feature: 'up' });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete' });

    const filled = fillTemplatePrompt(weekly.prompt, { ...values, role: '' });
    expect(filled).not.toContain('{{');
    const sent = up.requests.at(-1)!;
    expect(sent.body.messages).toEqual([
      { role: 'system', content: '你是助手' },
      { role: 'user', content: filled },
    ]);

    const g = await groupOf(r.uuid);
    expect(g).toMatchObject({ type: 3, templateId: id, appId: id, identityId: null });
    expect(g.title.startsWith(`${weekly.title}：`)).toBe(true);
    const history = chatHistoryReply.parse((await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(r.uuid) } })).body.data).list;
    expect(history[0]).toMatchObject({ role: 'user', text: filled });
    expect((await groups('3')).map((x) => x.uuid)).toContain(r.uuid);
    // The form values are kept with the group, so reopening it can refill the form.
    expect((await groups('3')).find((x) => x.uuid === r.uuid)).toMatchObject({ type: 3, templateId: id, variable: { ...values, role: '' } });
    expect((await groups('1')).map((x) => x.uuid)).not.toContain(r.uuid);
    expect((await groups('1,3')).map((x) => x.uuid)).toContain(r.uuid);

    // A follow-up is a plain turn of that group, with the filled template as context.
    const next = await sendTurn(t, alice, { input: '再精简一点', uuid: r.uuid });
    expect(next.last?.type).toBe('done');
    expect(up.requests.at(-1)!.body.messages).toEqual([
      { role: 'system', content: '你是助手' },
      { role: 'user', content: filled },
      { role: 'assistant', content: r.text },
      { role: 'user', content: '再精简一点' },
    ]);
    expect((await groupOf(r.uuid)).type).toBe(3);
  });

  it('a missing required field → 400 with the SPEC text, naming the field, nothing created', async () => {
    const before = (await groups('1,2,3')).length;
    const sentBefore = up.requests.length;
    const r = await create(alice, { temp_id: await idOf(weekly.key), variable: { ...valuesFor(weekly), work: '   ' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: Code.BAD_REQUEST, message: '请正确输入必填项' });
    expect(r.body.data.field).toBe('variable.work');
    expect((await groups('1,2,3')).length).toBe(before);
    expect(up.requests.length).toBe(sentBefore);
  });

  it('no variables at all → 400 required', async () => {
    const r = await create(alice, { temp_id: await idOf(weekly.key) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请正确输入必填项');
  });

  it('a number below its minimum → 400 输入值必须大于{min}', async () => {
    const min = withNumber.variables[numberKey]!.limit_min!;
    const r = await create(alice, { temp_id: await idOf(withNumber.key), variable: { ...valuesFor(withNumber), [numberKey]: min - 1 } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`输入值必须大于${min}`);
    expect(r.body.data.field).toBe(`variable.${numberKey}`);
    expect(r.body.data.issues[0]).toMatchObject({ kind: 'min', min });
    // The minimum itself is accepted.
    const atMin = await create(alice, { temp_id: await idOf(withNumber.key), variable: { ...valuesFor(withNumber), [numberKey]: String(min) } });
    expect(atMin.body.code).toBe(200);
  });

  it('a number field with text → 400', async () => {
    const r = await create(alice, { temp_id: await idOf(withNumber.key), variable: { ...valuesFor(withNumber), [numberKey]: '很多' } });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe(`variable.${numberKey}`);
  });

  it('a select value not in its list → 400', async () => {
    const r = await create(alice, { temp_id: await idOf(withSelect.key), variable: { ...valuesFor(withSelect), [selectKey]: '随便' } });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe(`variable.${selectKey}`);
    expect(r.body.message).toContain('请从列表中选择');
  });

  it('a value over its length cap → 400', async () => {
    const r = await create(alice, { temp_id: await idOf(weekly.key), variable: { ...valuesFor(weekly), role: '岗'.repeat(501) } });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('variable.role');
    expect(r.body.message).toContain('500');
  });

  it('an unknown template, an expert id, or another group → 404 / 400', async () => {
    expect((await create(alice, { temp_id: 999999, variable: {} })).status).toBe(404);
    expect((await create(alice, { temp_id: await idOf(SEED_EXPERTS[0]!.key), variable: {} })).status).toBe(404);
    const plain = await sendTurn(t, alice, { input: '普通对话' });
    const r = await create(alice, { temp_id: await idOf(weekly.key), variable: valuesFor(weekly), uuid: plain.uuid });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('temp_id');
  });

  it("a user's own template works for them, and is a 404 for anyone else", async () => {
    const created = await t.call('POST', '/app/customApp', {
      token: alice,
      body: {
        title: '英文邮件',
        prompt: '把这段话写成英文邮件：{{text}}，语气{{tone}}',
        variables: {
          text: { name: '内容', form_type: 'input_textarea', placeholder: '', tip: '', require: true },
          tone: { name: '语气', form_type: 'select', placeholder: '', tip: '', require: true, select_values: ['正式', '随意'] },
        },
      },
    });
    const id = created.body.data.id as number;
    const r = await sendTurn(t, alice, { temp_id: id, variable: { text: '明天开会', tone: '正式' }, feature: 'up' });
    expect(up.requests.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: '把这段话写成英文邮件：明天开会，语气正式' });
    expect((await groupOf(r.uuid)).type).toBe(3);
    const other = await create(bob, { temp_id: id, variable: { text: '明天开会', tone: '正式' } });
    expect(other.status).toBe(404);
  });
});

describe('expert chat (identity_id)', () => {
  const expert = SEED_EXPERTS[0]!;

  it("sends the expert's system prompt on every turn and types the group 2", async () => {
    const id = await idOf(expert.key);
    const first = await sendTurn(t, alice, { identity_id: id, input: expert.questions[0]!, feature: 'up' });
    expect(first.last).toMatchObject({ type: 'done', status: 'complete' });
    expect(up.requests.at(-1)!.body.messages).toEqual([
      { role: 'system', content: `你是助手\n\n${expert.systemPrompt}` },
      { role: 'user', content: expert.questions[0] },
    ]);
    const g = await groupOf(first.uuid);
    expect(g).toMatchObject({ type: 2, identityId: id, appId: id, templateId: null, title: expert.questions[0]!.slice(0, 30) });

    // Later turns name only the group; the expert stays.
    await sendTurn(t, alice, { input: '继续说说', uuid: first.uuid, systemMessage: '简短回答' });
    const msgs = up.requests.at(-1)!.body.messages;
    expect(msgs[0]).toEqual({ role: 'system', content: `你是助手\n\n${expert.systemPrompt}\n\n简短回答` });
    expect(msgs.at(-1)).toEqual({ role: 'user', content: '继续说说' });

    // A retry of the expert group keeps it too.
    await sendTurn(t, alice, { retry: true, uuid: first.uuid });
    expect(up.requests.at(-1)!.body.messages[0].content).toContain(expert.systemPrompt);

    expect((await groups('2')).map((x) => x.uuid)).toEqual([first.uuid]);
    expect((await groups('2'))[0]).toMatchObject({ type: 2, identityId: id });
    expect((await groups('1,3')).map((x) => x.uuid)).not.toContain(first.uuid);
  });

  it('an unknown expert, a template id, or a mismatched group → 404 / 400; input is still required', async () => {
    expect((await create(alice, { identity_id: 999999, input: 'x' })).status).toBe(404);
    expect((await create(alice, { identity_id: await idOf(weekly.key), input: 'x' })).status).toBe(404);
    const other = await sendTurn(t, alice, { identity_id: await idOf(SEED_EXPERTS[1]!.key), input: '你好' });
    const r = await create(alice, { identity_id: await idOf(expert.key), input: 'x', uuid: other.uuid });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('identity_id');
    const blank = await create(alice, { identity_id: await idOf(expert.key), input: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body.data.field).toBe('input');
  });

  it("another user's expert group is a 404", async () => {
    const mine = await sendTurn(t, alice, { identity_id: await idOf(expert.key), input: '问题' });
    expect((await create(bob, { input: 'x', uuid: mine.uuid })).status).toBe(404);
  });
});
