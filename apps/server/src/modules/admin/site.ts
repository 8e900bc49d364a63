import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminMenuItem, AdminNotice, AdminSettings, AdminSiteReply } from '@app/shared';
import type { AppContext } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { menus, notices, siteConfig } from '../../db/schema/index.ts';
import { SETTINGS_DEFAULTS, type ConfigService } from '../config/public.ts';
import { writeAudit } from '../../core/audit.ts';
import type { Actor } from './users.ts';

const tx = <T>(ctx: AppContext, run: (db: Db) => Promise<T>) => ctx.db.transaction((raw) => run(raw as unknown as Db));

async function readSettings(db: Db): Promise<AdminSettings> {
  const rows = await db.select().from(siteConfig);
  const out = { ...SETTINGS_DEFAULTS } as Record<string, unknown>;
  for (const r of rows) if (r.key in SETTINGS_DEFAULTS) out[r.key] = (r.value as { v: unknown }).v;
  return out as AdminSettings;
}

async function readMenu(db: Db): Promise<AdminMenuItem[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return rows.map((r) => ({ code: r.code, name: r.name, icon: r.icon, mobile: r.mobile, enabled: r.enabled }));
}

async function readNotice(db: Db): Promise<AdminNotice & { id: number | null }> {
  const [n] = await db.select().from(notices).orderBy(desc(notices.id)).limit(1);
  return n ? { id: n.id, title: n.title, content: n.content, enabled: n.enabled } : { id: null, title: '', content: '', enabled: false };
}

export async function siteView(db: Db): Promise<AdminSiteReply> {
  const [settings, menu, { id: _id, ...notice }] = await Promise.all([readSettings(db), readMenu(db), readNotice(db)]);
  return { settings, menu, notice };
}

/**
 * Saves the given settings and the audit row (only the fields that changed, before and after) in
 * one transaction, then drops the config cache on every instance.
 */
export async function saveSettings(ctx: AppContext, config: ConfigService, a: Actor, patch: Partial<AdminSettings>) {
  await tx(ctx, async (db) => {
    const keys = Object.keys(patch) as (keyof AdminSettings)[];
    // Two admins saving at once queue on these rows, so each audit row's "before" is what it replaced.
    await db.select({ key: siteConfig.key }).from(siteConfig).where(inArray(siteConfig.key, keys)).for('update');
    const current = await readSettings(db);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const k of keys) {
      if (JSON.stringify(current[k]) === JSON.stringify(patch[k])) continue;
      before[k] = current[k];
      after[k] = patch[k];
      await db
        .insert(siteConfig)
        .values({ key: k, value: { v: patch[k] } })
        .onConflictDoUpdate({ target: siteConfig.key, set: { value: { v: patch[k] }, updatedAt: new Date(ctx.clock.now()) } });
    }
    if (Object.keys(after).length) await writeAudit(db, { ...a, action: 'site.settings', targetType: 'site', targetId: 'settings', before, after });
  });
  await config.invalidate();
  return siteView(ctx.db);
}

/** Replaces the server menu (clientMenuList): the order given is the order shown. */
export async function saveMenu(ctx: AppContext, config: ConfigService, a: Actor, items: AdminMenuItem[]) {
  await tx(ctx, async (db) => {
    await db.execute(sql`lock table menus in share row exclusive mode`);
    const before = await readMenu(db);
    if (JSON.stringify(before) === JSON.stringify(items)) return;
    await db.delete(menus);
    if (items.length) await db.insert(menus).values(items.map((m, i) => ({ ...m, sort: i + 1 })));
    await writeAudit(db, { ...a, action: 'site.menu', targetType: 'site', targetId: 'menu', before, after: items });
  });
  await config.invalidate();
  return siteView(ctx.db);
}

/** Edits the notice (the latest one), or writes the first. */
export async function saveNotice(ctx: AppContext, config: ConfigService, a: Actor, input: AdminNotice) {
  await tx(ctx, async (db) => {
    const [last] = await db.select().from(notices).orderBy(desc(notices.id)).limit(1).for('update');
    const before = last ? { title: last.title, content: last.content, enabled: last.enabled } : null;
    if (last) await db.update(notices).set(input).where(eq(notices.id, last.id));
    else await db.insert(notices).values(input);
    await writeAudit(db, { ...a, action: 'site.notice', targetType: 'site', targetId: 'notice', before, after: input });
  });
  await config.invalidate();
  return siteView(ctx.db);
}
