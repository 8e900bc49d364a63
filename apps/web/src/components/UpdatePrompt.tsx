import { useEffect, useRef, useState } from 'react';
import { RefreshCw, X } from 'lucide-react';
import { registerServiceWorker, serviceWorkerWanted } from './service-worker.ts';
import './pwa-locales.ts';
import { useTranslation } from '../lib/i18n.ts';

/** Registers the service worker where it is wanted, and offers a reload when a new version is deployed. */
export function UpdatePrompt() {
  const { t } = useTranslation('pwa');
  const [ready, setReady] = useState(false);
  const activate = useRef<() => void>(() => {});

  useEffect(() => {
    const wanted = serviceWorkerWanted({
      prod: import.meta.env.PROD,
      ua: navigator.userAgent,
      secure: window.isSecureContext,
      supported: 'serviceWorker' in navigator,
    });
    if (wanted) activate.current = registerServiceWorker(() => setReady(true));
  }, []);

  if (!ready) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-[calc(env(safe-area-inset-bottom)+76px)] z-50 mx-auto flex max-w-sm items-center gap-3 rounded-2xl border border-neutral-200 bg-white px-4 py-3 text-sm text-neutral-900 shadow-lg md:bottom-6 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100"
    >
      <span className="min-w-0 flex-1">{t('updateReady')}</span>
      <button
        type="button"
        onClick={() => activate.current()}
        className="flex shrink-0 items-center gap-1.5 rounded-full bg-primary px-3 py-1.5 text-sm font-medium text-white hover:opacity-90"
      >
        <RefreshCw className="size-3.5" aria-hidden />
        {t('reload')}
      </button>
      <button type="button" onClick={() => setReady(false)} aria-label={t('later')} className="shrink-0 rounded-full p-1 text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800">
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
