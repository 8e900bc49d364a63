// What other modules may use of growth (lint/boundaries.js).
export { signInStreak, siteDay } from './sign-in.ts';
