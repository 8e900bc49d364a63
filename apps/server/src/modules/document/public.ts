// What other modules may use of document (lint/boundaries.js): a parsed document's text as source material, and the document actions.
export { documentSourceText } from './source.ts';
export { documentActionsOf } from './actions.ts';
