import { FolderOpen } from 'lucide-react';
import { Drawer } from '../../components/Drawer.tsx';
import { ModelSelect } from '../../components/ModelSelect.tsx';
import { SidebarToggle } from '../../components/SidebarToggle.tsx';
import { iconButton } from '../../components/styles.ts';
import { useHistoryColumn } from '../../lib/useIsMobile.ts';
import { LanguageBar } from './components/LanguageBar.tsx';
import { ResultPane } from './components/ResultPane.tsx';
import { SourcePane } from './components/SourcePane.tsx';
import { TranslateButton } from './components/TranslateButton.tsx';
import { TranslateHistory } from './components/TranslateHistory.tsx';
import { useTranslateController } from './hooks/useTranslateController.ts';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** /translate: source text (language detected), a target language, the streamed translation, copy, history. */
export default function TranslatePage() {
  const { t } = useTranslation('translate');
  const column = useHistoryColumn();
  const c = useTranslateController();

  const history = (
    <TranslateHistory
      items={c.history.items}
      loading={c.history.loading}
      guest={c.guest}
      onOpen={c.show}
      onDelete={(i) => void c.remove(i)}
      onNew={c.startNew}
    />
  );

  return (
    <div className="flex h-full min-h-0 overflow-hidden">
      {column && <aside className="w-[260px] shrink-0 border-r border-neutral-200/70 bg-neutral-50/70 dark:border-neutral-800 dark:bg-neutral-900/40">{history}</aside>}
      <div className="flex min-w-0 flex-1 flex-col overflow-y-auto">
        <header className="flex h-[52px] shrink-0 items-center gap-1 border-b border-neutral-100 px-2 md:h-14 md:px-4 dark:border-neutral-800/80">
          <SidebarToggle />
          {!column && (
            <button type="button" onClick={() => c.setDrawerOpen(true)} aria-label={t('history')} title={t('history')} className={iconButton}>
              <FolderOpen className="size-[18px]" aria-hidden />
            </button>
          )}
          <h1 className="min-w-0 flex-1 truncate px-1 text-[15px] font-medium">{t('title')}</h1>
          <ModelSelect features={c.features} value={c.feature?.code ?? ''} disabled={c.running} label={t('model')} onChange={c.setModel} />
        </header>

        <div className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-3 p-3 md:p-6">
          <LanguageBar from={c.from} to={c.to} detected={c.detected} running={c.running} onFrom={c.setFrom} onTo={c.setTo} onSwap={c.swap} />
          <div className="grid min-h-0 flex-1 gap-3 md:grid-cols-2">
            <SourcePane text={c.text} detected={c.detected} length={c.length} limit={c.limit} onText={c.setText} onSubmit={c.submit} />
            <ResultPane result={c.result} status={c.resultStatus} running={c.running} copied={c.copied} onCopy={() => void c.copy()} />
          </div>
          <TranslateButton running={c.running} empty={!c.text.trim()} onSubmit={c.submit} onStop={c.stop} />
        </div>
      </div>
      {!column && (
        <Drawer open={c.drawerOpen} onClose={() => c.setDrawerOpen(false)} title={t('history')}>
          {history}
        </Drawer>
      )}
    </div>
  );
}
