/** Tracking is not needed for the first paint, so it arrives in its own chunk, after the app starts. */
let tracking: Promise<typeof import('../lib/tracking.ts')> | null = null;

export function withTracking(use: (t: typeof import('../lib/tracking.ts')) => void) {
  tracking ??= import('../lib/tracking.ts');
  tracking.then(use).catch(() => undefined);
}
