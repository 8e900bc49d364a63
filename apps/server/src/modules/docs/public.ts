// What other modules may use of docs (lint/boundaries.js): nothing; the API docs pages are reached only over HTTP.
export {};
