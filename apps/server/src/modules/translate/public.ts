// What other modules may use of translate (lint/boundaries.js): nothing; translations are reached only over HTTP.
export {};
