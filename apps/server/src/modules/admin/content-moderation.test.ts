import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@app/shared/routes';
import { uploadAndParse } from '../../testing/document.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { MODERATED_MESSAGE } from '../config/public.ts';
import { adminToken, phone } from './test-kit.ts';

/** Every table a prompt could leave a row in, and the balances: none may change when a prompt is refused. */
const TABLES = [
  'turns', 'jobs', 'balance_ledger', 'balances', 'chat_groups', 'chat_messages', 'document_messages', 'draw_images', 'draw_tasks',
  'minds', 'translations', 'slide_decks', 'theses', 'thesis_sections', 'apps',
];

let t: TestApp;
let second: TestApp;
let admin: { token: string; id: number };
let user: string;
let templateId: number;
let expertId: number;
let docToken: string;

async function snapshot() {
  const out: Record<string, unknown> = {};
  for (const table of TABLES) {
    const r = await t.ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
    out[table] = (r as { rows: { n: number }[] }).rows[0]!.n;
  }
  const b = await t.ctx.db.execute(sql.raw('select coalesce(sum(base_model3 + base_model4 + base_draw + base_ppt + member_model3 + member_model4 + member_draw + member_ppt), 0)::text as s from balances'));
  out.credits = (b as { rows: { s: string }[] }).rows[0]!.s;
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  second = await createTestApp({ shareWith: t });
  admin = await adminToken(t);
  user = await t.loginByPhone(phone());
  const pick = async (kind: string, withForm: boolean) => {
    const r = await t.ctx.db.execute(
      sql.raw(`select id from apps where kind = '${kind}' and owner_id is null and status = 1 ${withForm ? "and variables <> '{}'::jsonb" : ''} order by id limit 1`),
    );
    return (r as { rows: { id: number }[] }).rows[0]!.id;
  };
  templateId = await pick('template', true);
  expertId = await pick('expert', false);
  docToken = (await uploadAndParse(t, user, { name: '说明.md', body: Buffer.from('# 说明\n\n这是一份用于测试的文档，内容正常。') })).token;
  const add = await t.call('POST', '/api/admin/content/words', { token: admin.token, body: { text: '违禁词甲\nＢＡＤ ＷＯＲＤ\n' } });
  expect(add.body.data).toMatchObject({ added: 2, existing: 0, total: 2 });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const W = '这是违禁词甲的内容';
const CLEAN = '这是一段正常的内容';
type Entry = { name: string; url: string; body: (text: string) => Record<string, unknown> };

/** One entry per feature (and per drawing mode): each the route a user's prompt first reaches. */
const ENTRIES: Entry[] = [
  { name: 'chat', url: '/api/chat/create', body: (s) => ({ input: s, uuid: 0 }) },
  { name: 'chat (system prompt)', url: '/api/chat/create', body: (s) => ({ input: '你好', systemMessage: s }) },
  { name: 'template chat', url: '/api/chat/create', body: (s) => ({ temp_id: templateId, variable: { topic: s, content: s } }) },
  { name: 'expert chat', url: '/api/chat/create', body: (s) => ({ identity_id: expertId, input: s }) },
  { name: 'document chat', url: '/api/document/ask/validate', body: (s) => ({ token: docToken, question: s, action: 'qa' }) },
  { name: 'draw basic', url: '/api/draw-image/basic', body: (s) => ({ prompt: s, size: '1024x1024', n: 1 }) },
  { name: 'draw dalle3', url: '/api/draw-image/dalle3', body: (s) => ({ prompt: 'a cat', source_text: s, size: '1024x1024', n: 1 }) },
  { name: 'draw rewrite', url: '/api/draw-image/rewrite', body: (s) => ({ text: s }) },
  { name: 'draw midjourney', url: '/midjourney/submit', body: (s) => ({ prompt: s }) },
  { name: 'mind map', url: '/api/mind/create', body: (s) => ({ prompt: s }) },
  { name: 'translation', url: '/api/translate/create', body: (s) => ({ text: s, to: 'en' }) },
  { name: 'slides', url: '/api/aippt/outline/validate', body: (s) => ({ topic: s, pages: 8 }) },
  { name: 'slides outline', url: '/api/aippt/deck/outline', body: (s) => ({ id: 1, title: '标题', outline: [{ title: '章', points: [s] }] }) },
  { name: 'thesis', url: '/api/thesis/create', body: (s) => ({ title: '论文', kind: '毕业论文', discipline: '计算机', length: 8000, requirements: s }) },
  { name: 'thesis outline', url: '/api/thesis/outline/save', body: (s) => ({ id: 1, outline: [{ title: s, sections: [{ title: '节' }] }] }) },
  { name: 'custom app', url: '/app/customApp', body: (s) => ({ title: '我的应用', prompt: s }) },
];

describe('moderation: every prompt is checked before anything is spent', () => {
  it.each(ENTRIES)('$name: a listed word is refused with 400, nothing charged, no row written', async ({ url, body }) => {
    const before = await snapshot();
    const r = await t.call('POST', url, { token: user, body: body(W) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, message: MODERATED_MESSAGE });
    expect(await snapshot()).toEqual(before);
    // The same request without the word is not refused for it (whatever else it answers).
    const clean = await t.call('POST', url, { token: user, body: body(CLEAN) });
    expect(clean.body.message).not.toBe(MODERATED_MESSAGE);
  });

  it('matches case-insensitively across full-width forms and spaces', async () => {
    for (const input of ['bad word', 'BadWord', 'ｂａｄ　ｗｏｒｄ', '违 禁 词 甲']) {
      const r = await t.call('POST', '/api/chat/create', { token: user, body: { input } });
      expect(r.body.message, input).toBe(MODERATED_MESSAGE);
    }
  });

  it('a clean chat goes through as before', async () => {
    const r = await t.call('POST', '/api/chat/create', { token: user, body: { input: CLEAN } });
    expect(r.body.success).toBe(true);
  });

  it('a change reaches the other instance at once; removed words are allowed again', async () => {
    const add = await t.call('POST', '/api/admin/content/words', { token: admin.token, body: { text: '新增词' } });
    expect(add.body.data.added).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    expect((await second.call('POST', '/api/chat/create', { token: user, body: { input: '含有新增词' } })).body.message).toBe(MODERATED_MESSAGE);
    const list = await t.call('GET', '/api/admin/content/words', { token: admin.token, query: { q: '新增' } });
    const id = list.body.data.rows[0].id;
    await t.call('POST', '/api/admin/content/words/delete', { token: admin.token, body: { ids: [id] } });
    await new Promise((r) => setTimeout(r, 20));
    expect((await second.call('POST', '/api/chat/create', { token: user, body: { input: '含有新增词' } })).body.success).toBe(true);
  });

  it('every route that takes a prompt-like field from a user names it in `moderate`', () => {
    const PROMPT_FIELDS = /^(prompt|input|question|text|topic|requirements|systemMessage|source_text|variable|outline)$/;
    const missing: string[] = [];
    const seen: string[] = [];
    for (const r of allRoutes()) {
      if (r.access !== 'user' || !r.body || r.kind === 'sse') continue;
      const shape = (r.body as unknown as { shape?: Record<string, unknown>; def?: { in?: { shape?: Record<string, unknown> }; schema?: { shape?: Record<string, unknown> } } });
      const fields = Object.keys(shape.shape ?? shape.def?.in?.shape ?? shape.def?.schema?.shape ?? {});
      for (const f of fields.filter((f) => PROMPT_FIELDS.test(f))) {
        seen.push(`${r.key}.${f}`);
        if (!r.moderate?.includes(f)) missing.push(`${r.key}.${f}`);
      }
    }
    // Not prompts: a feedback text, a voice text read aloud, the mind map's edited markdown (its own result).
    expect(seen).toEqual(expect.arrayContaining(['chat.create.input', 'apps.customApp.prompt', 'draw.mjSubmit.prompt', 'thesis.outlineSave.outline']));
    expect(missing.filter((m) => !/^(support\.|voice\.|mind\.update|share\.)/.test(m))).toEqual([]);
  });
});
