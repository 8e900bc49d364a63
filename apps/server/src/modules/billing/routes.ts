import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { ok } from '../../core/reply.ts';
import { packages } from '../../db/schema/index.ts';

const yuan = (fen: number) => (fen / 100).toFixed(2).replace(/\.00$/, '');

export function billingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/package/index', async () => {
    const rows = await ctx.db
      .select()
      .from(packages)
      .where(and(eq(packages.status, 1), eq(packages.isActivity, 0)))
      .orderBy(asc(packages.sort), asc(packages.id));
    return ok({
      list: rows.map((p) => ({
        id: p.id,
        name: p.name,
        introduction: p.introduction,
        description: p.description,
        price: yuan(p.price),
        price_y: yuan(p.priceY),
        discount: p.discount,
        days: p.days,
      })),
    });
  });
}
