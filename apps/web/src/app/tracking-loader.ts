import { afterFirstScreen } from '../lib/after-first-screen.ts';

/** Tracking is not needed for the first paint: its chunk is fetched once the first screen is drawn (calls keep their order). */
let tracking: Promise<typeof import('../lib/tracking.ts')> | null = null;

export function withTracking(use: (t: typeof import('../lib/tracking.ts')) => void) {
  tracking ??= afterFirstScreen().then(() => import('../lib/tracking.ts'));
  tracking.then(use).catch(() => undefined);
}
