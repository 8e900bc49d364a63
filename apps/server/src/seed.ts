// First-start data: settings, menus, models, packages, the app catalogue, the administrator. It sits
// beside app.ts, above the modules whose defaults and rows it writes (config, billing); the data
// itself is in db/seed-data.ts and db/seed/.
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { appCategories, apps, masks, menus, models, notices, packages, siteConfig, users } from './db/schema/index.ts';
import { SEED_APP_CATEGORIES, SEED_EXPERTS, SEED_TEMPLATES } from './db/seed-apps.ts';
import { SEED_ACTIVITY_PACKAGE, SEED_MASKS, SEED_MENUS, SEED_MODELS, SEED_NOTICE, SEED_PACKAGES, SEED_PPT_PACKAGES } from './db/seed-data.ts';
import { SETTINGS_DEFAULTS } from './modules/config/defaults.ts';
import { inviteCode } from './core/ids.ts';
import { ensureBalanceRow } from './modules/billing/balance.ts';

const SEED_MARK = '__seeded_v1';
/** Its own mark, so databases seeded before the catalogue existed get it on their next start. */
const APPS_SEED_MARK = '__seeded_apps_v1';
/** The slide packages (AI PPT), once, also for databases seeded before they existed. */
const PPT_SEED_MARK = '__seeded_ppt_v1';

/** Fills a new database once; safe when several instances start together. */
export async function seed(db: Db) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(727402)`);
    const done = await tx.select().from(siteConfig).where(eq(siteConfig.key, SEED_MARK)).limit(1);
    if (done.length) return;
    await tx.insert(siteConfig).values(Object.entries(SETTINGS_DEFAULTS).map(([key, v]) => ({ key, value: { v } }))).onConflictDoNothing();
    await tx.insert(menus).values(SEED_MENUS.map((m, i) => ({ ...m, sort: i }))).onConflictDoNothing();
    await tx.insert(models).values(SEED_MODELS.map((m, i) => ({ ...m, sort: i }))).onConflictDoNothing();
    await tx.insert(masks).values(SEED_MASKS.map((m, i) => ({ ...m, sort: i })));
    await tx.insert(notices).values(SEED_NOTICE);
    await tx.insert(packages).values([...SEED_PACKAGES.map((p, i) => ({ ...p, sort: i })), SEED_ACTIVITY_PACKAGE]);
    await tx.insert(siteConfig).values({ key: SEED_MARK, value: { v: true } });
  });
  await seedApps(db);
  await seedPptPackages(db);
}

async function seedPptPackages(db: Db) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(727404)`);
    const done = await tx.select().from(siteConfig).where(eq(siteConfig.key, PPT_SEED_MARK)).limit(1);
    if (done.length) return;
    await tx.insert(packages).values(SEED_PPT_PACKAGES.map((p, i) => ({ ...p, kind: 'ppt', level: 0, days: 0, sort: 100 + i })));
    await tx.insert(siteConfig).values({ key: PPT_SEED_MARK, value: { v: true } });
  });
}

/** The app catalogue (categories, templates, experts), once; apps keyed by `key`, so a rerun adds nothing twice. */
async function seedApps(db: Db) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(727403)`);
    const done = await tx.select().from(siteConfig).where(eq(siteConfig.key, APPS_SEED_MARK)).limit(1);
    if (done.length) return;
    const existing = await tx.select().from(appCategories);
    const categoryId = new Map(existing.map((c) => [`${c.kind}:${c.name}`, c.id]));
    const missing = SEED_APP_CATEGORIES.map((c, i) => ({ ...c, sort: i })).filter((c) => !categoryId.has(`${c.kind}:${c.name}`));
    if (missing.length) {
      const rows = await tx.insert(appCategories).values(missing).returning();
      for (const c of rows) categoryId.set(`${c.kind}:${c.name}`, c.id);
    }
    const base = (kind: 'template' | 'expert', a: (typeof SEED_TEMPLATES)[number] | (typeof SEED_EXPERTS)[number], sort: number) => ({
      key: a.key,
      kind,
      categoryId: categoryId.get(`${kind}:${a.category}`) ?? null,
      title: a.title,
      description: a.description,
      icon: a.icon,
      questions: a.questions,
      sort,
    });
    await tx
      .insert(apps)
      .values([
        ...SEED_TEMPLATES.map((t, i) => ({ ...base('template', t, i), prompt: t.prompt, variables: t.variables })),
        ...SEED_EXPERTS.map((e, i) => ({ ...base('expert', e, i), prompt: e.systemPrompt, identityDescription: e.identityDescription })),
      ])
      .onConflictDoNothing();
    await tx.insert(siteConfig).values({ key: APPS_SEED_MARK, value: { v: true } });
  });
}

/** Creates or updates the administrator named by ADMIN_USERNAME / ADMIN_PASSWORD / ADMIN_PHONE. */
export async function ensureAdmin(db: Db, opts: { username: string; passwordHash?: string; phone?: string }) {
  if (!opts.passwordHash && !opts.phone) return;
  // Under a lock: instances starting together would otherwise both insert the administrator.
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(727405)`);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.username, opts.username)).limit(1);
    if (existing) {
      await tx
        .update(users)
        .set({ isAdmin: true, ...(opts.passwordHash ? { passwordHash: opts.passwordHash } : {}), ...(opts.phone ? { mobile: opts.phone } : {}) })
        .where(eq(users.id, existing.id));
      return;
    }
    const [row] = await tx
      .insert(users)
      .values({
        nickname: '管理员',
        username: opts.username,
        passwordHash: opts.passwordHash,
        mobile: opts.phone,
        inviteCode: inviteCode(),
        registerWay: 'admin',
        isAdmin: true,
      })
      .returning({ id: users.id });
    await ensureBalanceRow(tx, row!.id);
  });
}
