// What other modules may use of models (lint/boundaries.js): the model catalog and key store types, a model's price, and the balance checks.
export type { Models } from './service.ts';
export { priceOf } from './service.ts';
export type { ChatModel, ModelCatalog } from './catalog.ts';
export type { KeyInput, KeyPatch, KeyStore } from './key-store.ts';
export { balanceError, spendable } from './credits.ts';
export { guessCapabilities, tokenParamOf } from './capabilities.ts';
