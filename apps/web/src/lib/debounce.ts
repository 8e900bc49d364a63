/**
 * Runs `fn` on the first call and ignores further calls until `ms` pass without one (SPEC §5:
 * deleting a history item is debounced by 600 ms, so a double click deletes once).
 */
export function leadingDebounce<A extends unknown[]>(fn: (...args: A) => void, ms: number, now: () => number = Date.now) {
  let last = -Infinity;
  return (...args: A) => {
    const t = now();
    const quiet = t - last >= ms;
    last = t;
    if (quiet) fn(...args);
  };
}
