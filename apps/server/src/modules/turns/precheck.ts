import type { AppContext } from '../../core/context.ts';
import { readBalance, readBalanceBatched, type CreditPool } from '../billing/public.ts';
import { balanceError, spendable } from '../models/public.ts';

/**
 * The check before paid work is prepared: the balance pays `cost` from `pool` now (base plus a
 * live membership), else the pool's 408xxx refusal (which opens the purchase dialog). Only a
 * courtesy: the hold taken when the work begins is what guards the spend. `batched`: the reads
 * of one turn of the event loop share one query (a burst of chat turns).
 */
export async function requireBalance(ctx: Pick<AppContext, 'db' | 'clock'>, userId: number, price: { pool: CreditPool; cost: number }, opts: { batched?: boolean } = {}) {
  const read = opts.batched ? readBalanceBatched : readBalance;
  const balance = await read(ctx.db, userId, ctx.clock.now());
  if (spendable(balance, price.pool) < price.cost) throw balanceError(price.pool);
}
