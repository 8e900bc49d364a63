// What other modules may use of thesis (lint/boundaries.js): nothing; theses are reached only over HTTP.
export {};
