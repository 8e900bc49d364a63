// What other modules may use of auth (lint/boundaries.js): password hashing and checking (AuthService's static helpers).
export { AuthService } from './service.ts';
