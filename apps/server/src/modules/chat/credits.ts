import { Code } from '@app/shared';
import { AppError } from '../../core/errors.ts';
import type { readBalance } from '../billing/balance.ts';
import type { ChatModel } from './catalog.ts';

export const balanceError = (model: ChatModel) =>
  model.pool === 'model4'
    ? new AppError(Code.BALANCE_MODEL4, '高级对话额度不足，请购买套餐后继续使用', 200)
    : new AppError(Code.BALANCE_MODEL3, '对话额度不足，请购买套餐或签到领取后继续使用', 200);

export const spendable = (b: Awaited<ReturnType<typeof readBalance>>, model: ChatModel) =>
  model.pool === 'model4' ? b.useModel4Token : b.useModel3Token;
