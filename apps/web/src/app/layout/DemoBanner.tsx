import { useState } from 'react';
import { FlaskConical, X } from 'lucide-react';
import { useSession } from '../../lib/session.ts';
import '../locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

const DISMISSED = 'demoBannerDismissed';

function dismissedThisSession() {
  try {
    return sessionStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
}

/** DESIGN "demo mode": a slim, calm line on every page while the server runs its stand-ins; closed for this browser session. */
export function DemoBanner() {
  const { t } = useTranslation('app');
  const demo = useSession((s) => s.website?.demo.mode === true);
  const [hidden, setHidden] = useState(dismissedThisSession);
  if (!demo || hidden) return null;
  return (
    <div
      role="status"
      className="flex shrink-0 items-center justify-center gap-2 border-b border-amber-200/70 bg-amber-50 px-3 py-1 pt-[max(0.25rem,env(safe-area-inset-top))] text-xs text-amber-800 dark:border-amber-400/15 dark:bg-amber-400/10 dark:text-amber-200"
    >
      <FlaskConical className="size-3.5 shrink-0" aria-hidden />
      <span className="font-medium">{t('layout.demoBanner')}</span>
      <span className="hidden truncate text-amber-800 sm:inline dark:text-amber-200">· {t('layout.demoBannerHint')}</span>
      <button
        type="button"
        aria-label={t('layout.demoBannerClose')}
        className="ml-1 rounded p-0.5 text-amber-700/70 transition-colors hover:bg-amber-100 hover:text-amber-900 dark:text-amber-200/60 dark:hover:bg-amber-400/10 dark:hover:text-amber-100"
        onClick={() => {
          try {
            sessionStorage.setItem(DISMISSED, '1');
          } catch {
            // Private mode: closed for this page only.
          }
          setHidden(true);
        }}
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </div>
  );
}
