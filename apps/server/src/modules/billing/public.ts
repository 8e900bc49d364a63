// What other modules may use of billing (lint/boundaries.js): they import this file, never
// billing's other files. Billing has no service.ts of its own yet.
export { creditBase, ensureBalanceRow, isVip, readBalance, readBalanceBatched } from './balance.ts';
export { poolColumns, spend, spendCtes, type CreditPool, type SpendResult } from './spend.ts';
export { packageKindOf } from './packages.ts';
export { clientCodeOf, payerOf, type Payer } from './payer.ts';
export { listPptPackages, packageView } from './packages.ts';
export { grantPackage } from './membership.ts';
export { fulfil, type FulfilResult } from './fulfil.ts';
