import { afterFirstScreen } from '../lib/after-first-screen.ts';
import { detectEnv } from '../lib/env.ts';

/**
 * Where the service worker is used: a production build, a secure context, a browser that has
 * service workers, and not WeChat's in-app browser (its X5/XWeb kernels have broken cached
 * pages and the OAuth return there; the site works there as a plain page).
 */
export function serviceWorkerWanted(env: { prod: boolean; ua: string; secure: boolean; supported: boolean }) {
  return env.prod && env.secure && env.supported && detectEnv(env.ua) !== 'wechat';
}

/**
 * Registers /sw.js once the page has loaded and its first screen is up, and calls `onUpdate` when a new build's worker is
 * installed and waiting (only when this page is already controlled by an older one: a first
 * install needs no prompt). Returns the function that activates the waiting worker and reloads.
 */
export function registerServiceWorker(onUpdate: () => void): () => void {
  const sw = navigator.serviceWorker;
  let registration: ServiceWorkerRegistration | null = null;
  const watch = (reg: ServiceWorkerRegistration) => {
    registration = reg;
    if (reg.waiting && sw.controller) onUpdate();
    reg.addEventListener('updatefound', () => {
      const next = reg.installing;
      next?.addEventListener('statechange', () => {
        if (next.state === 'installed' && sw.controller) onUpdate();
      });
    });
  };
  const start = () => {
    sw.register('/sw.js', { scope: '/' })
      .then((reg) => {
        watch(reg);
        // A long-open tab still learns about a deploy: check when it comes back and every half hour.
        const check = () => void reg.update().catch(() => {});
        document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
        setInterval(check, 30 * 60_000);
      })
      .catch(() => {});
  };
  // Issue 30: registering costs a phone tens of ms of script: not before the first screen is up.
  const loaded = document.readyState === 'complete' ? Promise.resolve() : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  void Promise.all([loaded, afterFirstScreen()]).then(start);

  // Reload only into a version the user accepted (the first install also changes the controller, by clients.claim).
  let accepted = false;
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (!accepted || reloading) return;
    reloading = true;
    window.location.reload();
  });
  return () => {
    accepted = true;
    registration?.waiting?.postMessage({ type: 'skip-waiting' });
  };
}
