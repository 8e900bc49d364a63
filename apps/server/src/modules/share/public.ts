// What other modules may use of share (lint/boundaries.js): nothing; shared pages are reached only over HTTP.
export {};
