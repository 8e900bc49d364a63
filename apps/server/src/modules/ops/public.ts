// What other modules may use of ops (lint/boundaries.js): nothing; health, metrics and export are reached only over HTTP.
export {};
