import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3190);
const BASE = `http://127.0.0.1:${PORT}`;
const runId = `${Date.now().toString(36)}`;
/** e2e/web-search.spec.ts listens here with its fake SearXNG (a fixed port: the server is told before the spec runs). */
const SEARCH_FAKE_PORT = Number(process.env.E2E_SEARCH_PORT ?? PORT + 1000);
/** e2e/admin-keys.spec.ts's fake model upstream, saved through the console: allowed on purpose, as an operator allows an intranet host. */
const MODEL_FAKE_PORT = Number(process.env.E2E_MODEL_PORT ?? PORT + 1001);
/**
 * The one folder server-filesystem may touch (e2e/chat-tools-confirm.spec.ts writes there). Made once in the
 * runner and handed to its workers through the environment (they load this file again).
 */
const FILES_DIR = (process.env.E2E_FILES_DIR ??= realpathSync(mkdtempSync(join(tmpdir(), 'e2e-files-'))));

/**
 * Browser tests against the real server (`npm start`'s server on the built web app), driving
 * Debian's Chromium. A fresh embedded database per run; with DATABASE_URL set (CI's second
 * pass) a fresh schema of that PostgreSQL instead.
 */
export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'off',
    screenshot: 'only-on-failure',
    // The app's service worker stays out of other specs (e2e/pwa.spec.ts allows it).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 } },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it (test:e2e builds first).
    command: 'node apps/server/dist/main.js',
    url: `${BASE}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR: `.tmp/e2e-${runId}`,
      LOG_LEVEL: 'warn',
      DEV_EXPOSE_SMS_CODES: '1',
      // AI PPT: section dividers get a picture (e2e/slides.spec.ts looks at it in the preview).
      SLIDES_ILLUSTRATIONS: '1',
      // Every browser test registers from 127.0.0.1.
      SMS_PER_IP_PER_HOUR: '100000',
      REGISTER_PER_IP_PER_HOUR: '100000',
      ORDERS_PER_IP_PER_10MIN: '100000',
      CLIENT_CODES_PER_IP_PER_HOUR: '100000',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      DATABASE_SCHEMA: process.env.DATABASE_URL ? `e2e_${runId}` : '',
      REDIS_URL: process.env.REDIS_URL ?? '',
      // A run of its own: counters left in Redis by earlier runs (register per IP per hour …) do not count.
      REDIS_PREFIX: `e2e_${runId}:`,
      // The administrator e2e/admin.spec.ts signs in as.
      ADMIN_USERNAME: 'e2e_admin',
      ADMIN_PASSWORD: 'e2e-admin-pass',
      // 联网搜索 against the fake SearXNG of e2e/web-search.spec.ts (only DeepSeek V3 may search, +1 credit);
      // its result pages are on 127.0.0.1, which the SSRF-safe fetch reaches only because it is allowed here.
      SEARCH_PROVIDER: 'searxng',
      SEARCH_URL: `http://127.0.0.1:${SEARCH_FAKE_PORT}`,
      SEARCH_MODELS: 'deepseek_v3',
      SEARCH_COST: '1',
      SAFE_FETCH_ALLOW_HOSTS: `127.0.0.1:${SEARCH_FAKE_PORT},127.0.0.1:${MODEL_FAKE_PORT}`,
      // The real server-everything and server-filesystem (devDependencies) as MCP stdio servers for e2e/admin-tools.spec.ts,
      // e2e/chat-tools.spec.ts and e2e/chat-tools-confirm.spec.ts (write_file, limited to FILES_DIR); started on first use.
      MCP_SERVERS: JSON.stringify({
        everything: { command: process.execPath, args: ['node_modules/@modelcontextprotocol/server-everything/dist/index.js', 'stdio'] },
        files: { command: process.execPath, args: ['node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', FILES_DIR] },
      }),
    },
  },
});
