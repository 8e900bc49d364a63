import { useSyncExternalStore } from 'react';

/** Chrome's and Edge's offer to install the web app (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/**
 * Keeps the browser's install offer (SPEC §1 desktop app: the installable web app stands in for
 * Electron/Tauri). The event fires once per page load, so this listens from the first import on.
 */
export function watchInstallOffer(target: Window) {
  target.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // the app offers it in its own menu
    offer = e as BeforeInstallPromptEvent;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}
if (typeof window !== 'undefined') watchInstallOffer(window);

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** Whether the browser offers installing now, and the action that shows its install dialog (an offer is used once). */
export function useInstallOffer() {
  const available = useSyncExternalStore(subscribe, () => offer !== null, () => false);
  const install = async () => {
    const current = offer;
    if (!current) return;
    offer = null;
    changed();
    await current.prompt();
    await current.userChoice.catch(() => undefined);
  };
  return { available, install };
}
