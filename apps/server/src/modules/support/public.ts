// What other modules may use of support (lint/boundaries.js): nothing; feedback and card keys are reached only over HTTP.
export {};
