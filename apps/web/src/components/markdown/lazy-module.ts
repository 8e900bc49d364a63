import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module fetched on first need and shared afterwards: `use(needed)` starts the load when
 * `needed` and re-renders the caller once it is there.
 */
export function lazyModule<T>(load: () => Promise<T>) {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();

  const get = () => value;
  const start = () => {
    pending ??= load().then(
      (m) => {
        value = m;
        listeners.forEach((l) => l());
        return m;
      },
      (e: unknown) => {
        pending = null; // a failed chunk load may succeed on the next need
        throw e;
      },
    );
    return pending;
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  };

  function use(needed = true): T | null {
    const v = useSyncExternalStore(subscribe, get, get);
    useEffect(() => {
      if (needed && !v) start().catch(() => {});
    }, [needed, v]);
    return v;
  }

  return { get, load: start, use };
}
