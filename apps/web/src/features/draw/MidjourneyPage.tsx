import { useRef, useState } from 'react';
import { useSearchParams } from '../../lib/router/index.tsx';
import { MJ_DIMENSIONS, type DrawImageView, type MjDimensions } from '@app/shared';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../../lib/session.ts';
import { prefetchDrawForm, useExamples, useImageTypes, useMjSubmit, useTasks } from './api.ts';
import { DrawShell, SectionTitle } from './components/DrawShell.tsx';
import { ChipGroup, Examples, PromptBox, ReferenceList, ReferencePicker, SubmitBar } from './components/FormParts.tsx';
import { Empty } from './components/HistoryGrid.tsx';
import { PreviewDialog } from './components/PreviewDialog.tsx';
import { TaskCard } from './components/TaskCard.tsx';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

type Mode = 'imagine' | 'blend' | 'describe';
const MODES: Mode[] = ['imagine', 'blend', 'describe'];
const DIM_LABEL: Record<MjDimensions, string> = { PORTRAIT: 'mj.dimPortrait', SQUARE: 'mj.dimSquare', LANDSCAPE: 'mj.dimLandscape' };

/** Its first requests start with its code (app/router.tsx). */
export const prefetch = prefetchDrawForm;

/** /midjourney: professional drawing as tasks (progress, a 2×2 grid, U/V/reroll/zoom/pan); 混图 from 2–5 pictures; 识图 into four prompts. */
export default function MidjourneyPage() {
  const { t } = useTranslation('draw');
  const [params] = useSearchParams();
  const types = useImageTypes();
  const examples = useExamples('mj');
  const token = useSession((s) => s.token);
  const [mode, setMode] = useState<Mode>(() => (MODES as string[]).includes(params.get('mode') ?? '') ? (params.get('mode') as Mode) : 'imagine');
  const [prompt, setPrompt] = useState(() => (params.get('prompt') ?? '').slice(0, 1000));
  const [reference, setReference] = useState<string | null>(null);
  const [pictures, setPictures] = useState<string[]>([]);
  const [dimensions, setDimensions] = useState<MjDimensions>('SQUARE');
  const [described, setDescribed] = useState<string | null>(null);
  const [open, setOpen] = useState<DrawImageView | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const submit = useMjSubmit();
  const tasks = useTasks();
  const list = tasks.data?.pages.flatMap((p) => p.list) ?? [];
  const costs = types.data?.costs;

  const onSubmit = () => {
    if (mode === 'blend') {
      if (pictures.length < 2 || pictures.length > 5) return void toast.error(t('mj.blendNeed'));
      return submit.mutate({ blend: { images: pictures, dimensions } }, { onSuccess: () => setPictures([]) });
    }
    if (mode === 'describe') {
      if (!described) return void toast.error(t('mj.describeNeed'));
      return submit.mutate({ describe: { image: described } }, { onSuccess: () => setDescribed(null) });
    }
    if (!prompt.trim()) return;
    submit.mutate({ submit: { prompt, images: reference ? [reference] : [] } }, { onSuccess: () => setReference(null) });
  };

  /** A describe prompt clicked: back to text-to-image with it filled in. */
  const usePrompt = (p: string) => {
    setMode('imagine');
    setPrompt(p.slice(0, 1000));
    toast.success(t('task.used'));
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const form = (
    <div className="space-y-4 scroll-mt-16" ref={formRef}>
      <ChipGroup label={t('mj.mode')} options={MODES.map((m) => ({ value: m, label: t(`mj.${m}`) }))} value={mode} onChange={(v) => setMode((MODES as string[]).includes(v) ? (v as Mode) : 'imagine')} />
      {mode === 'imagine' && (
        <>
          <PromptBox label={t('form.prompt')} value={prompt} onChange={setPrompt} placeholder={t('form.mjPlaceholder')} />
          <Examples list={examples.data} onPick={(e) => setPrompt(e.prompt)} />
          <ReferencePicker value={reference} onChange={setReference} />
          <SubmitBar cost={costs?.mj ?? 2} busy={submit.isPending} disabled={!prompt.trim()} onSubmit={onSubmit} />
        </>
      )}
      {mode === 'blend' && (
        <>
          <ReferenceList label={t('mj.blendImages')} values={pictures} onChange={setPictures} max={5} />
          <ChipGroup
            label={t('mj.dimensions')}
            options={MJ_DIMENSIONS.map((d) => ({ value: d, label: t(DIM_LABEL[d]) }))}
            value={dimensions}
            onChange={(v) => setDimensions((MJ_DIMENSIONS as readonly string[]).includes(v) ? (v as MjDimensions) : 'SQUARE')}
          />
          <SubmitBar cost={costs?.mj_blend ?? 2} busy={submit.isPending} disabled={pictures.length < 2} onSubmit={onSubmit} label={t('mj.blendSubmit')} />
        </>
      )}
      {mode === 'describe' && (
        <>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('mj.describeHint')}</p>
          <ReferencePicker value={described} onChange={setDescribed} label={t('mj.describeImage')} addLabel={t('mj.describeAdd')} />
          <SubmitBar cost={costs?.mj_describe ?? 1} busy={submit.isPending} disabled={!described} onSubmit={onSubmit} label={t('mj.describeSubmit')} />
        </>
      )}
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
                <TaskCard key={task.id} task={task} onOpen={setOpen} onUsePrompt={usePrompt} />
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
