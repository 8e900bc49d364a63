import { LayoutGrid } from 'lucide-react';
import { useChatUi } from '../stores/ui-store.ts';
import { EntryIcon } from './AppMenu.tsx';

/** The head of the template form / expert introduction: icon, title, description. */
export function IntroCard({ icon, title, description }: { icon: string; title: string; description: string }) {
  return (
    <div className="flex items-start gap-3">
      <EntryIcon icon={icon} title={title} size="lg" />
      <div className="min-w-0 flex-1">
        <h2 className="text-base font-semibold text-neutral-900 dark:text-neutral-50">{title}</h2>
        {description && <p className="mt-1 text-sm leading-6 whitespace-pre-wrap text-neutral-500 dark:text-neutral-400">{description}</p>}
      </div>
    </div>
  );
}

export function PickPrompt({ text, button }: { text: string; button: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center text-sm text-neutral-400">
      <LayoutGrid className="size-8" aria-hidden />
      <p>{text}</p>
      <button
        type="button"
        onClick={() => useChatUi.getState().set({ historyOpen: true })}
        className="rounded-lg border border-neutral-200 px-4 py-1.5 text-neutral-700 hover:bg-neutral-50 lg:hidden dark:border-neutral-700 dark:text-neutral-200 dark:hover:bg-neutral-800"
      >
        {button}
      </button>
    </div>
  );
}
