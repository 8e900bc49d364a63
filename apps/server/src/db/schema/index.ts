export * from './users.ts';
export * from './billing.ts';
export * from './config.ts';
export * from './growth.ts';
export * from './chat.ts';
export * from './apps.ts';
export * from './orders.ts';
export * from './documents.ts';
