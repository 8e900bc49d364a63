import { MonitorDown } from 'lucide-react';
import { useInstallOffer } from './install-prompt.ts';
import './pwa-locales.ts';
import { useTranslation } from '../lib/i18n.ts';

/**
 * 安装应用 in the account menu, shown only while the browser offers installing the app (desktop
 * Chrome and Edge fire beforeinstallprompt); `compact` is the collapsed sidebar's icon.
 */
export function InstallAppButton({ compact = false, onDone }: { compact?: boolean; onDone?(): void }) {
  const { t } = useTranslation('pwa');
  const { available, install } = useInstallOffer();
  if (!available) return null;
  const run = () => {
    onDone?.();
    void install();
  };
  if (compact) {
    return (
      <button
        type="button"
        onClick={run}
        aria-label={t('install')}
        title={t('installHint')}
        className="inline-flex size-9 items-center justify-center rounded-lg text-neutral-600 transition-colors hover:bg-neutral-200/70 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800"
      >
        <MonitorDown className="size-[18px]" aria-hidden />
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={run}
      title={t('installHint')}
      className="flex h-9 items-center gap-2.5 rounded-lg px-3 text-left text-[13px] text-neutral-700 transition-colors hover:bg-neutral-200/70 dark:text-neutral-200 dark:hover:bg-neutral-800"
    >
      <MonitorDown className="size-[17px] shrink-0 text-neutral-500 dark:text-neutral-400" aria-hidden />
      {t('install')}
    </button>
  );
}
