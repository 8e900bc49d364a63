import { randomBytes } from 'node:crypto';
import type { IntegrationGroupId, IntegrationTestReply } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError, badRequest } from '../../core/errors.ts';
import { randomDigits } from '../../core/ids.ts';
import { INTEGRATION_FIELDS } from '../../core/integration-fields.ts';
import { limitOrThrow } from '../../core/rate-limit.ts';
import { guardRefusal } from '../../core/safe-fetch.ts';
import { createPayProviders, type PaymentAction, type PayProvider } from '../../providers/pay/index.ts';
import { createSmsProvider } from '../../providers/sms/index.ts';
import { createStorageProvider } from '../../providers/storage/index.ts';
import { OfficialWechat } from '../../providers/wechat/index.ts';
import { writeAudit } from '../../core/audit.ts';
import { envValue, scrubSecrets } from './integrations.ts';
import type { Actor } from './users.ts';

/**
 * "Send a test" of the integrations page: one real call to the provider with the settings in force
 * (the environment with the console's settings over it), reported as the provider answered it:
 * HTTP status, its own code and message, and its body cut to 2,000 characters, with every secret of
 * the settings masked. Never a stack trace.
 */

const BODY_MAX = 2000;
const TESTS_PER_ADMIN_PER_10MIN = 30;

interface Seen {
  status: number;
  text: string;
}

/** A fetch (over `base`) that keeps the last answer (status and body) for the report. */
function recorder(base: typeof fetch) {
  const seen: Seen[] = [];
  const doFetch: typeof fetch = async (input, init) => {
    const res = await base(input, init);
    const text = await res
      .clone()
      .text()
      .catch(() => '');
    seen.push({ status: res.status, text });
    return res;
  };
  return { seen, doFetch };
}

/** A provider's own code in a JSON answer (Aliyun Code, Tencent Error.Code, WeChat errcode, gateways' code). */
function codeIn(text: string): string | null {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const candidates = [body.Code, (body.Response as { Error?: { Code?: unknown } } | undefined)?.Error?.Code, body.errcode, body.code, body.errCode];
    const found = candidates.find((c) => typeof c === 'string' || typeof c === 'number');
    return found === undefined ? null : String(found);
  } catch {
    return null;
  }
}

const describeAction = (a: PaymentAction): string => {
  switch (a.kind) {
    case 'qr':
      return `网关返回二维码内容：${a.qrContent.slice(0, 300)}`;
    case 'redirect':
      return `已生成签名支付链接：${a.url.slice(0, 300)}`;
    case 'form':
      return `已生成签名表单（${Object.keys(a.fields).length} 个字段）提交到 ${a.action.slice(0, 200)}`;
    case 'iframe':
      return `网关返回收银台地址：${a.url.slice(0, 300)}`;
    case 'jsapi':
      return '已生成 JSAPI 签名参数';
  }
};

const maskPhone = (p: string) => `${p.slice(0, 3)}****${p.slice(-4)}`;

async function runTest(ctx: AppContext, group: IntegrationGroupId, phone: string | undefined, seen: Seen[], doFetch: typeof fetch) {
  const env = ctx.integrations.effectiveEnv();
  switch (group) {
    case 'sms': {
      if (!phone) throw badRequest('请输入接收测试短信的手机号');
      const sms = createSmsProvider(env, ctx.log, doFetch);
      await sms.sendCode(phone, randomDigits(6));
      return {
        provider: sms.name,
        message: sms.name === 'console' ? `控制台短信：测试验证码已写入服务器日志，未真正发送到 ${maskPhone(phone)}` : `短信服务已受理，发往 ${maskPhone(phone)}`,
      };
    }
    case 'wechat': {
      if (!env.WECHAT_APP_ID || !env.WECHAT_APP_SECRET || !env.WECHAT_TOKEN) {
        throw badRequest(ctx.wechat.name === 'dev' ? '未配置公众号：演示模式下使用微信模拟器，无需测试' : '未配置公众号（WECHAT_APP_ID、WECHAT_APP_SECRET、WECHAT_TOKEN）');
      }
      const wechat = new OfficialWechat({ appId: env.WECHAT_APP_ID, appSecret: env.WECHAT_APP_SECRET, token: env.WECHAT_TOKEN, apiBase: env.WECHAT_API_BASE, fetch: doFetch });
      await wechat.checkCredentials();
      return { provider: 'official', message: '已获取 access_token，公众号凭据有效' };
    }
    case 'storage': {
      const storage = createStorageProvider({ ...ctx.config, env }, ctx.integrations.fetch);
      const key = `admin-test/probe-${randomBytes(6).toString('hex')}.txt`;
      const body = Buffer.from(`integration test ${new Date(ctx.clock.now()).toISOString()}`);
      await storage.put(key, body, 'text/plain');
      try {
        const back = await storage.get(key);
        if (!back) throw new Error(`写入后读不到 ${key}`);
        if (!back.body.equals(body)) throw new Error(`读回的内容与写入的不同（${back.body.length} / ${body.length} 字节）`);
      } finally {
        await storage.delete(key);
      }
      if (await storage.get(key)) throw new Error(`删除后仍能读到 ${key}`);
      return { provider: storage.name, message: `已写入、读回并删除 ${key}（${body.length} 字节）` };
    }
    case 'pay_sandbox': {
      const link = await ctx.integrations.payFor(env).sandbox.createPayment(testOrder(ctx, 'sandbox', 'alipay'));
      return { provider: 'sandbox', message: `${describeAction(link)}（沙箱只在演示模式且未配置真实支付时收款）` };
    }
    default: {
      const name = group.slice(4) as 'wechat' | 'alipay' | 'epay' | 'mpay' | 'hupi';
      const providers = createPayProviders(env, ctx.config.publicUrl, { fetch: doFetch, log: { info() {}, warn() {} } });
      const p: PayProvider | undefined = providers[name];
      if (!p) throw badRequest('该支付渠道未配置，请先填写并保存');
      const order = testOrder(ctx, name, p.channels[0]!);
      const action = await p.createPayment(order);
      if (seen.length || !p.queryOrder) return { provider: name, message: `0.01 元测试单：${describeAction(action)}` };
      // A link-only gateway is reached when the payer opens the link: ask it about the order instead (a signed query).
      const known = await p.queryOrder(order.orderNo);
      return { provider: name, message: `${describeAction(action)}；签名查询：${known ? `网关状态 ${known.gatewayStatus}` : '网关不认识这笔测试单（签名已被接受）'}` };
    }
  }
}

let testSeq = 0;
function testOrder(ctx: AppContext, name: string, channel: 'alipay' | 'wxpay') {
  const orderNo = `T${ctx.clock.now()}${String(testSeq++ % 1000).padStart(3, '0')}`;
  return {
    orderNo,
    amountFen: 1,
    subject: '接口测试 0.01 元（请勿支付）',
    notifyUrl: `${ctx.config.publicUrl}/api/pay/notify/${name}`,
    returnUrl: `${ctx.config.publicUrl}/`,
    channel,
    mode: 'qr' as const,
    clientIp: '127.0.0.1',
  };
}

export async function testIntegration(ctx: AppContext, a: Actor, group: IntegrationGroupId, phone: string | undefined): Promise<IntegrationTestReply> {
  await limitOrThrow(ctx.kv, `admin-integration-test:${a.adminId}`, TESTS_PER_ADMIN_PER_10MIN, 600, '测试过于频繁，请稍后再试');
  const secrets = Object.values(INTEGRATION_FIELDS)
    .flat()
    .filter((d) => d.secret)
    .map((d) => ctx.integrations.override(d.key) ?? envValue(ctx, d.key));
  const clean = (s: string) => scrubSecrets(s, secrets).replace(/("access_token"\s*:\s*")[^"]*(")/g, '$1***$2');
  // The test calls go out as the providers built from console settings do: under the connection guard.
  const { seen, doFetch } = recorder(ctx.integrations.fetch);
  const started = Date.now();
  let reply: IntegrationTestReply;
  try {
    const done = await runTest(ctx, group, phone, seen, doFetch);
    const last = seen.at(-1);
    reply = { ok: true, provider: done.provider, status: last?.status ?? null, code: last ? codeIn(last.text) : null, message: clean(done.message), body: last ? clean(last.text).slice(0, BODY_MAX) : null, latencyMs: Date.now() - started };
  } catch (e) {
    if (e instanceof AppError) throw e;
    const err = e as { message?: unknown; providerCode?: unknown; status?: unknown; code?: unknown };
    const last = seen.at(-1);
    const status = last?.status ?? (typeof err.status === 'number' ? err.status : null);
    const code = typeof err.providerCode === 'string' ? err.providerCode : typeof err.code === 'string' && last === undefined ? err.code : last ? codeIn(last.text) : null;
    reply = {
      ok: false,
      provider: group,
      status,
      code,
      message: clean(guardRefusal(e)?.message ?? (typeof err.message === 'string' ? err.message : String(e))).slice(0, 500),
      body: last ? clean(last.text).slice(0, BODY_MAX) : null,
      latencyMs: Date.now() - started,
    };
  }
  await writeAudit(ctx.db, {
    ...a,
    action: 'integration.test',
    targetType: 'integration',
    targetId: group,
    before: null,
    after: { ok: reply.ok, provider: reply.provider, status: reply.status, code: reply.code, message: reply.message.slice(0, 200), ...(phone ? { phone: maskPhone(phone) } : {}) },
  });
  return reply;
}
