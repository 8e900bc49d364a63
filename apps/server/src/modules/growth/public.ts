// What other modules may use of growth (lint/boundaries.js).
export { signInStreak, siteDay, siteDayStart } from './sign-in.ts';
