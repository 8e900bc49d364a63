import { useRef } from 'react';

/**
 * Focus goes back to what opened a dialog when it closes (Esc, the close button, a choice). Radix
 * returns focus only to a `Dialog.Trigger`; the app's dialogs open from store state, so without
 * this focus would fall to the page's start. Spread the result on `Dialog.Content`.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const el = opener.current;
      opener.current = null;
      // Another dialog opened as this one closed (the login over the notice): focus stays in it.
      const active = document.activeElement;
      if (active instanceof HTMLElement && active.closest('[role="dialog"]') && !(event.currentTarget instanceof Node && event.currentTarget.contains(active))) {
        event.preventDefault();
        return;
      }
      if (!el?.isConnected) return;
      event.preventDefault();
      el.focus({ preventScroll: true });
    },
  };
}
