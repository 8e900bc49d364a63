// What other modules may use of user (lint/boundaries.js): nothing; the user's own profile is reached only over HTTP.
export {};
