// What other modules may use of admin (lint/boundaries.js): nothing; the admin console is reached only over HTTP.
export {};
