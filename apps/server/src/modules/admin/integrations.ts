import { eq } from 'drizzle-orm';
import { INTEGRATION_GROUPS, type AdminIntegrationSave, type AdminIntegrationsReply, type IntegrationGroupId } from '@app/shared';
import { hasRealPay } from '../../config.ts';
import type { AppContext } from '../../core/context.ts';
import { isPublicHttps } from '../../core/startup-report.ts';
import { badRequest } from '../../core/errors.ts';
import { ALL_FIELDS, checkValue, INTEGRATION_FIELDS, kindOf, maskSecret, SETTING_LABEL, type FieldDef } from '../../core/integration-fields.ts';
import type { Db } from '../../db/client.ts';
import { integrationSettings } from '../../db/schema/index.ts';
import { PAY_PRIORITY } from '../../providers/pay/index.ts';
import { writeAudit } from '../../core/audit.ts';
import type { Actor } from './users.ts';

/**
 * The integrations page: every setting with where its value comes from (the console, the
 * environment, or neither); secrets only masked, in replies and in audit rows alike.
 */

/** A setting's environment value as text ('' when unset). */
export function envValue(ctx: AppContext, key: string): string {
  const v = (ctx.config.env as Record<string, unknown>)[key];
  if (typeof v === 'boolean') return v ? '1' : '';
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
}

const shown = (def: FieldDef, value: string | undefined) => (value === undefined ? null : def.secret ? maskSecret(value) : value);

function activeOf(ctx: AppContext, group: IntegrationGroupId): string {
  if (group === 'sms') return ctx.sms.name;
  if (group === 'wechat') return ctx.wechat.name;
  if (group === 'storage') return ctx.storage.name;
  if (group === 'pay_sandbox') return ctx.config.demo && PAY_PRIORITY.every(({ name }) => !ctx.pay[name]) ? 'on' : 'off';
  return ctx.pay[group.slice(4) as 'wechat'] ? 'on' : 'off';
}

export function integrationsView(ctx: AppContext): AdminIntegrationsReply {
  const I = ctx.integrations;
  return {
    groups: INTEGRATION_GROUPS.map((id) => ({
      id,
      active: activeOf(ctx, id),
      overridden: INTEGRATION_FIELDS[id].some((f) => I.override(f.key) !== undefined),
      error: I.error(id),
      fields: INTEGRATION_FIELDS[id].map((f) => {
        const db = I.override(f.key);
        const env = envValue(ctx, f.key);
        const value = db ?? env;
        return {
          key: f.key,
          kind: f.kind,
          secret: !!f.secret,
          ...(f.options ? { options: [...f.options] } : {}),
          value: f.secret ? maskSecret(value) : value,
          hasValue: value !== '',
          source: db !== undefined ? ('db' as const) : env ? ('env' as const) : ('unset' as const),
          envHasValue: env !== '',
        };
      }),
    })),
    demo: { on: ctx.config.demo, source: ctx.config.env.DEMO_MODE !== undefined ? 'env' : 'auto' },
  };
}

/** The start-up errors of the provider factories (written for the log, in English) as the console says them. */
export function buildErrorText(message: string): string {
  const names = new Set<string>();
  for (const m of message.matchAll(/missing:? ((?:[A-Z0-9_]+(?:, )?)+)/g)) for (const n of m[1]!.split(/,\s*/)) if (n) names.add(n);
  for (const m of message.matchAll(/([A-Z0-9_]+): required when/g)) names.add(m[1]!);
  return names.size ? `缺少必填项 ${[...names].join('、')}` : message;
}

/** Replaces every secret of `secrets` found in `text` by its masked form. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join(maskSecret(s));
  return out;
}

/**
 * Saves one group: a plain setting left blank goes back to the environment, a secret left blank keeps
 * its stored value, `clear` drops the console's value. The new settings must make a working setup
 * (the provider is built from them first); otherwise nothing is stored. Audited with before and after
 * as the console shows them (secrets masked; null = the environment's value).
 */
export async function saveIntegration(ctx: AppContext, a: Actor, group: IntegrationGroupId, input: AdminIntegrationSave): Promise<AdminIntegrationsReply> {
  const defs = INTEGRATION_FIELDS[group];
  if (!defs.length) throw badRequest('沙箱支付没有可保存的设置（只在演示模式下、未配置真实支付时启用）');
  const own = new Map(defs.map((d) => [d.key, d]));
  for (const key of [...Object.keys(input.values), ...input.clear]) {
    if (!own.has(key)) throw badRequest(`未知的设置：${key.slice(0, 64)}`);
  }
  const I = ctx.integrations;
  const current = new Map<string, string>();
  for (const key of ALL_FIELDS.keys()) {
    const v = I.override(key);
    if (v !== undefined) current.set(key, v);
  }
  const next = new Map(current);
  for (const def of defs) {
    if (input.clear.includes(def.key)) {
      next.delete(def.key);
      continue;
    }
    const raw = input.values[def.key];
    if (raw === undefined) continue;
    if (raw.trim() === '') {
      if (!def.secret) next.delete(def.key);
      continue;
    }
    const checked = checkValue(def, raw, ctx.config.env.SAFE_FETCH_ALLOW_HOSTS);
    if ('error' in checked) throw badRequest(checked.error);
    if (def.kind === 'url' && checked.value !== current.get(def.key)) await I.checkConsoleUrl(def.label ?? def.key, checked.value);
    next.set(def.key, checked.value);
  }

  const changed = defs.filter((d) => next.get(d.key) !== current.get(d.key));
  if (!changed.length) return integrationsView(ctx);

  // The new settings must make a working setup before anything is stored.
  const env = I.effectiveEnv(next);
  // As at start (core/startup-report.ts): in production a real gateway needs a public https PUBLIC_URL for its notifications.
  if (kindOf(group) === 'pay' && hasRealPay(env) && ctx.config.isProduction && !ctx.config.env.ALLOW_INSECURE_NOTIFY_URL && !isPublicHttps(ctx.config.publicUrl)) {
    throw badRequest(`PUBLIC_URL（${ctx.config.publicUrl}）不是公网 https 地址，支付网关无法送达通知；请先设置 PUBLIC_URL，未保存`);
  }
  try {
    I.build(kindOf(group), env);
  } catch (e) {
    const secrets = defs.filter((d) => d.secret).map((d) => next.get(d.key) ?? envValue(ctx, d.key));
    throw badRequest(`设置无效，未保存：${buildErrorText(scrubSecrets((e as Error).message, secrets)).slice(0, 500)}`);
  }

  await ctx.db.transaction(async (raw) => {
    const db = raw as unknown as Db;
    const now = new Date(ctx.clock.now());
    for (const d of changed) {
      const value = next.get(d.key);
      if (value === undefined) {
        await db.delete(integrationSettings).where(eq(integrationSettings.name, d.key));
        continue;
      }
      const row = { value: d.secret ? I.box.seal(value, SETTING_LABEL) : value, sealed: !!d.secret, updatedBy: a.adminId, updatedAt: now };
      await db
        .insert(integrationSettings)
        .values({ name: d.key, ...row })
        .onConflictDoUpdate({ target: integrationSettings.name, set: row });
    }
    await writeAudit(db, {
      ...a,
      action: 'integration.update',
      targetType: 'integration',
      targetId: group,
      before: Object.fromEntries(changed.map((d) => [d.key, shown(d, current.get(d.key))])),
      after: Object.fromEntries(changed.map((d) => [d.key, shown(d, next.get(d.key))])),
    });
  });
  await I.changed();
  return integrationsView(ctx);
}
