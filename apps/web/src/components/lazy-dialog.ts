import { lazy, type ComponentType } from 'react';
import { warmOnFirstInput } from '../lib/warm-on-input.ts';

/**
 * A dialog component whose code (Radix) is not in any screen's first load. `Component` suspends
 * on its first render until the code is there; once `preload` has finished, it renders at once
 * (React's lazy takes a thenable that resolves synchronously). The page's first tap or key press
 * preloads it, so the dialog that tap opens rarely waits.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (c) => (loaded = c),
      (error: unknown) => {
        pending = null; // a failed download is tried again on the next open
        throw error;
      },
    );
    return pending;
  };
  const Component = lazy<ComponentType<P>>(() => {
    const ready = loaded;
    if (ready) return { then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve({ default: ready }) } as Promise<{ default: ComponentType<P> }>;
    return preload().then((c) => ({ default: c }));
  });
  warmOnFirstInput(preload);
  return { Component, preload };
}
