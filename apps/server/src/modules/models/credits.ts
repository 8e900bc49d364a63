import { Code } from '@app/shared';
import { AppError } from '../../core/errors.ts';
import type { readBalance } from '../billing/public.ts';
import type { CreditPool } from '../billing/public.ts';

/** The 408xxx refusal that opens the purchase dialog, per pool. */
export const balanceError = (pool: CreditPool) =>
  pool === 'ppt'
    ? new AppError(Code.PPT_QUOTA, 'PPT 生成次数不足，请购买 PPT 套餐后继续', 200)
    : pool === 'model4'
    ? new AppError(Code.BALANCE_MODEL4, '高级对话额度不足，请购买套餐后继续使用', 200)
    : pool === 'draw'
      ? new AppError(Code.BALANCE_DRAW, '绘画额度不足，请购买套餐后继续使用', 200)
      : new AppError(Code.BALANCE_MODEL3, '对话额度不足，请购买套餐或签到领取后继续使用', 200);

/** What the user can spend from a pool now: base plus a live membership. */
export const spendable = (b: Awaited<ReturnType<typeof readBalance>>, pool: CreditPool) =>
  pool === 'ppt' ? (b.usePptToken ?? 0) : pool === 'model4' ? b.useModel4Token : pool === 'draw' ? b.useDrawMjToken : b.useModel3Token;
