import { useSyncExternalStore } from 'react';

function useMedia(query: string) {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => {};
      const mq = matchMedia(query);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => typeof matchMedia === 'function' && matchMedia(query).matches,
    () => false,
  );
}

/** Below the md breakpoint (SPEC §2.3): the mobile layout, row counts and send keys. */
export const useIsMobile = () => useMedia('(max-width: 767px)');

/** From lg up the history has its own column; below it opens as a drawer. */
export const useHistoryColumn = () => useMedia('(min-width: 1024px)');
