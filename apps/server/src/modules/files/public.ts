// What other modules may use of files (lint/boundaries.js): nothing; stored files and uploads are reached only over HTTP.
export {};
