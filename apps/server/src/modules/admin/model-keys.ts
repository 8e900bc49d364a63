import type { AdminModelKey, AdminModelKeyList } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import type { KeyInput, KeyPatch, KeyStore } from '../models/public.ts';
import { writeAudit } from '../../core/audit.ts';
import type { Actor } from './users.ts';

/**
 * A model's key pool in the console. Every change is audited with before and after as the
 * console shows a key (masked): the clear key never reaches an audit row, a reply or the log.
 */

const tx = <T>(ctx: AppContext, run: (db: Db) => Promise<T>) => ctx.db.transaction((raw) => run(raw as unknown as Db));

/** The audited fields of a key. */
const audited = (k: AdminModelKey) => ({ hint: k.hint, source: k.source, baseUrl: k.baseUrl, weight: k.weight, priority: k.priority, enabled: k.enabled });

export async function listKeys(ctx: AppContext, keys: KeyStore, modelId: number): Promise<AdminModelKeyList> {
  const model = await keys.model(ctx.db, modelId);
  return { model: { id: model.id, code: model.code, label: model.label, baseUrl: model.baseUrl }, rows: await keys.list(modelId) };
}

/** What the console calls a key's own base URL (in the refusal of one that points inside). */
const KEY_BASE_URL_LABEL = '密钥接口地址';

export async function addKey(ctx: AppContext, keys: KeyStore, a: Actor, modelId: number, input: KeyInput): Promise<AdminModelKey> {
  if (input.baseUrl) await ctx.integrations.checkConsoleUrl(KEY_BASE_URL_LABEL, input.baseUrl);
  const view = await tx(ctx, async (db) => {
    const row = await keys.add(db, modelId, input);
    const v = keys.view(row);
    await writeAudit(db, { ...a, action: 'model.key.create', targetType: 'model_key', targetId: row.id, before: null, after: { modelId, ...audited(v) } });
    return v;
  });
  keys.changed();
  return view;
}

export async function updateKey(ctx: AppContext, keys: KeyStore, a: Actor, modelId: number, keyId: number, patch: KeyPatch): Promise<AdminModelKey> {
  if (patch.baseUrl && (await keys.row(ctx.db, modelId, keyId)).baseUrl !== patch.baseUrl) {
    await ctx.integrations.checkConsoleUrl(KEY_BASE_URL_LABEL, patch.baseUrl);
  }
  const view = await tx(ctx, async (db) => {
    const row = await keys.row(db, modelId, keyId, true);
    const prev = audited(keys.view(row));
    const next = keys.view(await keys.update(db, row, patch));
    const now = audited(next);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const k of Object.keys(now) as (keyof typeof now)[]) {
      if (prev[k] === now[k]) continue;
      before[k] = prev[k];
      after[k] = now[k];
    }
    if (Object.keys(after).length) {
      await writeAudit(db, { ...a, action: 'model.key.update', targetType: 'model_key', targetId: keyId, before: { modelId, hint: prev.hint, ...before }, after });
    }
    return next;
  });
  keys.changed();
  return view;
}

export async function deleteKey(ctx: AppContext, keys: KeyStore, a: Actor, modelId: number, keyId: number) {
  await tx(ctx, async (db) => {
    const row = await keys.row(db, modelId, keyId, true);
    const v = keys.view(row);
    await keys.remove(db, row);
    await writeAudit(db, {
      ...a,
      action: 'model.key.delete',
      targetType: 'model_key',
      targetId: keyId,
      before: { modelId, ...audited(v), calls: v.calls, failures: v.failures },
      after: null,
    });
  });
  keys.changed();
  return { ok: true as const };
}

/** The real call; audited with the key's state before and after and what the upstream said. */
export async function testKey(ctx: AppContext, keys: KeyStore, a: Actor, modelId: number, keyId: number) {
  const { before, result } = await keys.test(modelId, keyId);
  await writeAudit(ctx.db, {
    ...a,
    action: 'model.key.test',
    targetType: 'model_key',
    targetId: keyId,
    before: { modelId, hint: result.key.hint, enabled: before.status === 1, disabledReason: before.disabledReason },
    after: { enabled: result.key.enabled, disabledReason: result.key.disabledReason, ok: result.ok, httpStatus: result.httpStatus, message: result.message },
  });
  return result;
}
