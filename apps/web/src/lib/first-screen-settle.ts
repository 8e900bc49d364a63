/**
 * How long after the first screen's data is in its follow-up requests (its lists, the notice) are
 * given before the page counts as idle. Read by lib/after-first-screen.ts and by the build's
 * css-split plugin, whose inline script loads the full stylesheet after the same wait.
 */
export const FIRST_SCREEN_SETTLE_MS = 1500;
