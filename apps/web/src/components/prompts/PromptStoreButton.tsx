import { lazy, Suspense, useState } from 'react';
import { BookMarked } from 'lucide-react';
import { create } from 'zustand';
import './button-locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

// The store's dialog (and Radix) is fetched the first time it opens.
const PromptStoreDialog = lazy(() => import('./PromptStoreDialog.tsx'));

/** Whether the composer's prompt store is open (a `/` typed at the start opens it too). */
export const usePromptPicker = create<{ open: boolean; setOpen(open: boolean): void }>((set) => ({ open: false, setOpen: (open) => set({ open }) }));

/** True when the text just became a lone `/` at the start: the composer opens the prompt store. */
export const opensPromptStore = (before: string, after: string) => before === '' && after === '/';

/** The composer's prompt store button and its dialog; choosing a prompt calls `onPick` with its content. */
export function PromptStoreButton({ onPick, disabled }: { onPick(content: string): void; disabled?: boolean }) {
  const { t } = useTranslation('prompts');
  const open = usePromptPicker((s) => s.open);
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => usePromptPicker.getState().setOpen(true)}
        aria-label={t('button')}
        title={t('button')}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-neutral-500 transition-colors hover:bg-neutral-100 hover:text-neutral-800 disabled:opacity-40 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100"
      >
        <BookMarked className="size-5" aria-hidden />
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <PromptStoreDialog
            open={open}
            onOpenChange={(o) => usePromptPicker.getState().setOpen(o)}
            onPick={(content) => {
              onPick(content);
              usePromptPicker.getState().setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
