// What other modules may use of apps (lint/boundaries.js): the one access check on a template or expert.
export { requireApp, type AppRow } from './access.ts';
