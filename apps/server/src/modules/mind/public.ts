// What other modules may use of mind (lint/boundaries.js): nothing; mind maps are reached only over HTTP.
export {};
