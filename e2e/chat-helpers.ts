import type { Page, TestInfo } from '@playwright/test';
import { expect, isMobile, loginViaApi } from './fixtures.ts';

/** The chat composer's input. */
export const chatInput = (page: Page) => page.getByRole('textbox', { name: '输入消息' });

/** Types a message and sends it the way the width does (the button on phones, Enter on desktop). */
export async function sendChat(page: Page, info: TestInfo, text: string) {
  await chatInput(page).fill(text);
  if (isMobile(info)) await page.getByRole('button', { name: '发送' }).click();
  else await chatInput(page).press('Enter');
}

/** Waits for a reply to start and finish (the stop button comes and goes). */
export async function waitReplyDone(page: Page) {
  await expect(page.getByRole('button', { name: '停止生成' })).toBeVisible();
  await expect(page.getByRole('button', { name: '停止生成' })).toBeHidden({ timeout: 30_000 });
}

/** The administrator of playwright.config.ts, through the API only (the page stays the user's). */
export async function adminHeaders(page: Page) {
  const res = await page.request.post('/api/login/account-login', { data: { userName: 'e2e_admin', password: 'e2e-admin-pass' } });
  return { Authorization: `Bearer ${(await res.json()).data.token as string}` };
}

interface AdminTools {
  servers: { name: string; error: string; tools: { name: string }[] }[];
  models: { id: number; code: string; tools: boolean }[];
}

/**
 * Turns on `tool` of the MCP server `server` (one of MCP_SERVERS in playwright.config.ts) at `price` per call
 * and lets the first model use tools, as an operator does in the console; returns that model's code.
 */
export async function enableTool(page: Page, server: string, tool: string, price = 1): Promise<string> {
  const headers = await adminHeaders(page);
  let view: AdminTools | null = null;
  // The first listing starts the server.
  await expect(async () => {
    view = (await (await page.request.get('/api/admin/tools', { headers })).json()).data as AdminTools;
    expect(view.servers.find((s) => s.name === server)?.tools.some((t) => t.name === tool)).toBe(true);
  }).toPass({ timeout: 30_000 });
  const saved = await page.request.post(`/api/admin/tools/${server}/${tool}`, { headers, data: { enabled: true, price } });
  expect((await saved.json()).code).toBe(200);
  const model = view!.models[0]!;
  const modelIds = [...new Set([...view!.models.filter((m) => m.tools).map((m) => m.id), model.id])];
  expect((await (await page.request.post('/api/admin/tools/models', { headers, data: { modelIds } })).json()).code).toBe(200);
  return model.code;
}

/**
 * A fresh user on `model` (the chat's picked model), topped up for a turn with tools: the turn holds the
 * model plus the most its calls may cost (rounds × 4 × price), more than a new user's gift.
 */
export async function toolUser(page: Page, model: string) {
  await page.addInitScript((code) => localStorage.setItem('botType', JSON.stringify({ data: code, expire: null })), model);
  const { token } = await loginViaApi(page);
  const me = (await (await page.request.get('/api/user/info', { headers: { Authorization: `Bearer ${token}` } })).json()).data as { id: number };
  const admin = await adminHeaders(page);
  for (const kind of ['model3', 'model4'])
    expect((await (await page.request.post(`/api/admin/users/${me.id}/credits`, { headers: admin, data: { pool: 'base', kind, delta: 200, reason: 'e2e 工具调用' } })).json()).code).toBe(200);
}
