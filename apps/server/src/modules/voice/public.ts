// What other modules may use of voice (lint/boundaries.js): nothing; dictation and read-aloud are reached only over HTTP.
export {};
