import { Loader2, Presentation } from 'lucide-react';
import { SidebarToggle } from '../../components/SidebarToggle.tsx';
import { useAippt } from './controller/useAippt.ts';
import { DeckForm } from './components/DeckForm.tsx';
import { DeckHistory } from './components/DeckHistory.tsx';
import { DeckProgress } from './components/DeckProgress.tsx';
import { OutlineStep } from './components/OutlineStep.tsx';
import { StreamingOutline } from './components/StreamingOutline.tsx';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** /aippt: topic → streamed outline → edit → slides written by a background job (SPEC §1 AI PPT). State and calls: controller/useAippt. */
export default function AipptPage() {
  const { t } = useTranslation('slides');
  const c = useAippt();
  const { id, deck, decks } = c;

  return (
    <div className="flex h-full flex-col bg-neutral-50 dark:bg-neutral-950" data-testid="aippt-page">
      <header className="flex h-12 shrink-0 items-center gap-1 border-b border-neutral-100 bg-white px-2 md:hidden dark:border-neutral-800 dark:bg-neutral-900">
        <SidebarToggle />
        <span className="truncate text-[15px] font-medium">{t('title')}</span>
      </header>
      <div className="flex min-h-0 flex-1">
        <aside className="hidden w-72 shrink-0 overflow-y-auto border-r border-neutral-200/70 bg-white p-3 lg:block dark:border-neutral-800 dark:bg-neutral-900">
          <DeckHistory decks={decks} activeId={id} onRemoved={c.onRemoved} />
        </aside>
        <main className="min-w-0 flex-1 overflow-y-auto">
          <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 pt-5 pb-[calc(env(safe-area-inset-bottom)+96px)] sm:px-6 md:pt-8 md:pb-12">
            {c.step === 'form' ? (
              <>
                <Intro />
                <DeckForm busy={c.creating} error={c.formError} onError={c.setFormError} onSubmit={c.createDeck} />
                <div className="lg:hidden">
                  <DeckHistory decks={decks} onRemoved={c.onRemoved} showNew={false} />
                </div>
              </>
            ) : c.step === 'streaming' ? (
              <StreamingOutline text={c.outlineText} state={c.outlineState} onStop={c.outlineState ? c.stopOutline : undefined} />
            ) : c.step === 'loading' || !deck ? (
              <div className="flex justify-center py-20" role="status" aria-label={t('outline.streaming')}>
                <Loader2 className="size-6 animate-spin text-primary" aria-hidden />
              </div>
            ) : c.step === 'progress' ? (
              <DeckProgress deck={deck} cancelling={c.cancelling} onCancel={() => c.cancel(deck.id)} />
            ) : (
              <OutlineStep key={deck.id} deck={deck} balance={c.balance} busy={c.generating} error={c.generateError} onGenerate={(outline) => c.generate(deck, outline)} />
            )}
          </div>
        </main>
      </div>
    </div>
  );
}

function Intro() {
  const { t } = useTranslation('slides');
  return (
    <div className="flex items-start gap-3">
      <div className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary-fg">
        <Presentation className="size-6" strokeWidth={1.7} aria-hidden />
      </div>
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-neutral-900 dark:text-neutral-50">{t('title')}</h1>
        <p className="mt-1 text-sm leading-6 text-neutral-500 dark:text-neutral-400">{t('intro')}</p>
      </div>
    </div>
  );
}
