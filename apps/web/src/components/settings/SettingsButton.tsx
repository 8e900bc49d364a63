import { lazy, Suspense, useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { iconButton } from '../styles.ts';
import './button-locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

// The dialog (and Radix) is fetched the first time it opens.
const SettingsDialog = lazy(() => import('./SettingsDialog.tsx'));

/** The chat header's settings button (system prompt and temperature; the latter off for a model that takes none). */
export function SettingsButton({ takesTemperature = true }: { takesTemperature?: boolean }) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  // Each opening starts from what is saved.
  const [opens, setOpens] = useState(0);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpens((n) => n + 1);
          setOpen(true);
        }}
        aria-label={t('button')}
        title={t('button')}
        className={iconButton}
      >
        <SlidersHorizontal className="size-[18px]" aria-hidden />
      </button>
      {opens > 0 && (
        <Suspense fallback={null}>
          <SettingsDialog key={opens} open={open} onOpenChange={setOpen} takesTemperature={takesTemperature} />
        </Suspense>
      )}
    </>
  );
}
