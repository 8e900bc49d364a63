import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { models, toolModels, toolSettings } from '../../db/schema/index.ts';

export interface ToolSetting {
  enabled: boolean;
  price: number;
}

/** `server/tool` → its setting; a tool with no row is off and free. */
export async function readToolSettings(db: Db): Promise<Map<string, ToolSetting>> {
  const rows = await db.select().from(toolSettings);
  return new Map(rows.map((r) => [`${r.server}/${r.tool}`, { enabled: r.enabled, price: r.price }]));
}

export async function saveToolSetting(db: Db, server: string, tool: string, patch: Partial<ToolSetting>): Promise<{ before: ToolSetting; after: ToolSetting }> {
  const [row] = await db.select().from(toolSettings).where(eq(toolSettings.server, server)).then((rs) => rs.filter((r) => r.tool === tool));
  const before = { enabled: row?.enabled ?? false, price: row?.price ?? 0 };
  const after = { ...before, ...patch };
  await db
    .insert(toolSettings)
    .values({ server, tool, ...after })
    .onConflictDoUpdate({ target: [toolSettings.server, toolSettings.tool], set: { ...after, updatedAt: new Date() } });
  return { before, after };
}

export async function modelsWithTools(db: Db): Promise<{ id: number; code: string; label: string; tools: boolean }[]> {
  const [all, allowed] = await Promise.all([
    db.select({ id: models.id, code: models.code, label: models.label }).from(models).orderBy(models.sort, models.id),
    db.select().from(toolModels),
  ]);
  const ids = new Set(allowed.map((r) => r.modelId));
  return all.map((m) => ({ ...m, tools: ids.has(m.id) }));
}

export async function modelMayUseTools(db: Db, modelId: number): Promise<boolean> {
  const rows = await db.select().from(toolModels).where(eq(toolModels.modelId, modelId));
  return rows.length > 0;
}

/** Makes exactly these models the ones that may use tools; ids that are no model are refused by the caller. */
export async function setToolModels(db: Db, modelIds: number[]): Promise<{ before: number[]; after: number[] }> {
  return db.transaction(async (tx) => {
    const before = (await tx.select().from(toolModels)).map((r) => r.modelId).sort((a, b) => a - b);
    const after = [...new Set(modelIds)].sort((a, b) => a - b);
    await tx.delete(toolModels);
    if (after.length) await tx.insert(toolModels).values(after.map((modelId) => ({ modelId })));
    return { before, after };
  });
}

export async function existingModelIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: models.id }).from(models).where(inArray(models.id, ids));
  return new Set(rows.map((r) => r.id));
}
