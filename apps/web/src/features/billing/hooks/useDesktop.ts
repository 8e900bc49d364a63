import { useSyncExternalStore } from 'react';

const QUERY = '(min-width: 768px)';

/** True from the md breakpoint up (SPEC §2.3): the desktop membership dialog, else the mobile sheet. */
export function useDesktop(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia?.(QUERY);
      mq?.addEventListener('change', onChange);
      return () => mq?.removeEventListener('change', onChange);
    },
    () => (window.matchMedia ? window.matchMedia(QUERY).matches : window.innerWidth >= 768),
  );
}
