import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { AppContext } from './context.ts';
import { payChannelsOf, startupReport } from './startup-report.ts';

/** Only what the report reads of the context: the config and the names of the SMS and WeChat providers. */
const ctxOf = (env: Record<string, string>, sms: string, wechat: string | null) =>
  ({ config: loadConfig(env), sms: { name: sms }, wechat: { name: wechat } }) as unknown as AppContext;

describe('the start-up report (what the operator reads in the log)', () => {
  it('a fresh clone: demo mode said first, the simulator and sandbox listed as such, what needs configuration named', () => {
    const ctx = ctxOf({}, 'console', 'dev');
    const lines = startupReport(ctx, payChannelsOf(ctx.config));
    expect(lines[0]).toMatch(/演示模式 \(demo mode\) is ON/);
    expect(lines[0]).toMatch(/DEMO_MODE=0/);
    expect(lines).toContain('logins active: password accounts, SMS codes (console: codes are written to this log only), WeChat (simulator, demo mode)');
    expect(lines).toContain('payment channels active: sandbox (demo mode)');
    const needs = lines.find((l) => l.startsWith('need configuration: '))!;
    expect(needs).toMatch(/SMS \(SMS_PROVIDER/);
    expect(needs).toMatch(/payment: wechat \(WECHAT_PAY_\*\), alipay \(ALIPAY_\*\), epay \(EPAY_\*\), mpay \(MPAY_\*\), hupi \(HUPI_\*\)/);
  });

  it('demo mode off with nothing configured: no banner line, no sandbox, and it says orders cannot be paid', () => {
    const ctx = ctxOf({ DEMO_MODE: '0' }, 'console', null);
    const lines = startupReport(ctx, payChannelsOf(ctx.config));
    expect(lines.join('\n')).not.toMatch(/演示模式|sandbox/);
    expect(lines).toContain('payment channels active: none (orders cannot be paid)');
    expect(lines.find((l) => l.startsWith('need configuration: '))).toMatch(/WeChat login \(WECHAT_APP_ID/);
  });

  it('real providers: listed as active and no longer asked for', () => {
    const env = { EPAY_API_URL: 'https://pay.example.com/', EPAY_PID: '1001', EPAY_KEY: 'k'.repeat(32), PUBLIC_URL: 'https://ai.example.com' };
    const ctx = ctxOf(env, 'aliyun', 'official');
    const lines = startupReport(ctx, payChannelsOf(ctx.config));
    expect(lines.join('\n')).not.toMatch(/演示模式/);
    expect(lines).toContain('logins active: password accounts, SMS codes (aliyun), WeChat (official account)');
    expect(lines).toContain('payment channels active: epay');
    const needs = lines.find((l) => l.startsWith('need configuration: '))!;
    expect(needs).not.toMatch(/SMS|WeChat login|epay/);
  });
});
