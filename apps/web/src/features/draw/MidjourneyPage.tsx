import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DrawImageView } from '@app/shared';
import { useSession } from '../../lib/session.ts';
import { useExamples, useImageTypes, useMjSubmit, useTasks } from './api.ts';
import { DrawShell, SectionTitle } from './components/DrawShell.tsx';
import { Examples, PromptBox, ReferencePicker, SubmitBar } from './components/FormParts.tsx';
import { Empty } from './components/HistoryGrid.tsx';
import { PreviewDialog } from './components/PreviewDialog.tsx';
import { TaskCard } from './components/TaskCard.tsx';
import './locales.ts';

/** /midjourney: professional drawing as tasks (progress, a 2×2 grid, U/V/reroll). */
export default function MidjourneyPage() {
  const { t } = useTranslation('draw');
  const [params] = useSearchParams();
  const types = useImageTypes();
  const examples = useExamples('mj');
  const token = useSession((s) => s.token);
  const [prompt, setPrompt] = useState(() => (params.get('prompt') ?? '').slice(0, 1000));
  const [reference, setReference] = useState<string | null>(null);
  const [open, setOpen] = useState<DrawImageView | null>(null);
  const submit = useMjSubmit();
  const tasks = useTasks();
  const list = tasks.data?.pages.flatMap((p) => p.list) ?? [];

  const onSubmit = () => {
    if (!prompt.trim()) return;
    submit.mutate({ submit: { prompt, images: reference ? [reference] : [] } }, { onSuccess: () => setReference(null) });
  };

  const form = (
    <div className="space-y-4">
      <PromptBox label={t('form.prompt')} value={prompt} onChange={setPrompt} placeholder={t('form.mjPlaceholder')} />
      <Examples list={examples.data} onPick={(e) => setPrompt(e.prompt)} />
      <ReferencePicker value={reference} onChange={setReference} />
      <SubmitBar cost={types.data?.costs.mj ?? 2} busy={submit.isPending} disabled={!prompt.trim()} onSubmit={onSubmit} />
    </div>
  );

  return (
    <DrawShell title={t('mj.title')} subtitle={t('mj.subtitle')} offline={types.data?.offline.mj} form={form} testId="mj-page">
      <section aria-labelledby="mj-tasks">
        <SectionTitle>
          <span id="mj-tasks">{t('task.tasks')}</span>
        </SectionTitle>
        {!token || (!tasks.isPending && list.length === 0) ? (
          <Empty text={token ? t('task.empty') : t('history.login')} />
        ) : tasks.isPending ? (
          <p className="text-sm text-neutral-500">{t('history.loading')}</p>
        ) : (
          <>
            <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,300px),1fr))] gap-4">
              {list.map((task) => (
                <TaskCard key={task.id} task={task} onOpen={setOpen} />
              ))}
            </ul>
            {tasks.hasNextPage && (
              <div className="mt-4 text-center">
                <button type="button" onClick={() => void tasks.fetchNextPage()} className="h-9 rounded-lg px-4 text-sm text-neutral-700 ring-1 ring-neutral-200 hover:bg-neutral-100 dark:text-neutral-300 dark:ring-neutral-700">
                  {t('history.more')}
                </button>
              </div>
            )}
          </>
        )}
      </section>
      <PreviewDialog image={open} onClose={() => setOpen(null)} />
    </DrawShell>
  );
}
