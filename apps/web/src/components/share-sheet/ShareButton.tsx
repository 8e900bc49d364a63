import { lazy, Suspense, useState } from 'react';
import { Share2 } from 'lucide-react';
import { iconButton } from '../styles.ts';
import type { ShareableMessage } from './ShareSheet.tsx';
import './button-locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

// Radix and the dialog are their own chunk, fetched the first time it opens.
const ShareSheet = lazy(() => import('./ShareSheet.tsx'));

interface Props {
  /** The saved conversation on screen (0: not saved yet). */
  uuid: number;
  title: string;
  /** Read when the dialog opens (the list on screen at that moment). */
  messages(): readonly ShareableMessage[];
  disabled?: boolean;
}

/** The chat header's share button and its dialog. */
export function ShareButton({ uuid, title, messages, disabled }: Props) {
  const { t } = useTranslation('share');
  const [open, setOpen] = useState<{ uuid: number; title: string; messages: readonly ShareableMessage[] } | null>(null);
  const [shown, setShown] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={disabled || uuid === 0}
        onClick={() => {
          setOpen({ uuid, title, messages: messages() });
          setShown(true);
        }}
        aria-label={t('button')}
        title={t('button')}
        className={iconButton}
      >
        <Share2 className="size-[18px]" aria-hidden />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareSheet key={`${open.uuid}`} open={shown} onOpenChange={(o) => (o ? setShown(true) : setShown(false))} {...open} />
        </Suspense>
      )}
    </>
  );
}
