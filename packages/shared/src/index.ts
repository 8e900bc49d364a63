export * from './constants.ts';
export * from './codes.ts';
export * from './schemas/common.ts';
export * from './schemas/auth.ts';
export * from './schemas/user.ts';
export * from './schemas/config.ts';
export * from './schemas/growth.ts';
export * from './schemas/chat.ts';
