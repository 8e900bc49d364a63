import { useState } from 'react';
import { Wand2 } from 'lucide-react';
import { useSearchParams } from '../../lib/router/index.tsx';
import { DRAW_SIZES, type DrawImageView, type DrawSize } from '@app/shared';
import { toast } from '../../lib/toast.ts';
import { useSession } from '../../lib/session.ts';
import { prefetchDrawForm, rewritePrompt, useDraw, useDrawResults, useExamples, useImageTypes } from './api.ts';
import { DrawShell, SectionTitle } from './components/DrawShell.tsx';
import { ChipGroup, Examples, PromptBox, ReferencePicker, SubmitBar } from './components/FormParts.tsx';
import { Empty, HistoryGrid, ImageGrid } from './components/HistoryGrid.tsx';
import { ResultSkeleton } from './components/ResultSkeleton.tsx';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** Its first requests start with its code (app/router.tsx). */
export const prefetch = prefetchDrawForm;

/** /ai3: smart drawing. Plain Chinese → an English prompt by a chat model (shown, editable) → drawn. */
export default function Ai3Page() {
  const { t } = useTranslation('draw');
  const [params] = useSearchParams();
  const types = useImageTypes();
  const examples = useExamples('ai3');
  const token = useSession((s) => s.token);
  const openLogin = useSession((s) => s.openLogin);
  const [idea, setIdea] = useState(() => (params.get('prompt') ?? '').slice(0, 1000));
  const [english, setEnglish] = useState('');
  const [rewriting, setRewriting] = useState(false);
  const [size, setSize] = useState<DrawSize>('square');
  const [quality, setQuality] = useState<'standard' | 'hd'>('standard');
  const [style, setStyle] = useState<'vivid' | 'natural'>('vivid');
  const [reference, setReference] = useState<string | null>(null);
  const edits = types.data?.edits ?? false;
  const { images: result, show } = useDrawResults('ai3');
  const draw = useDraw();
  const showResult = (list: DrawImageView[]) => {
    show(list);
    requestAnimationFrame(() => document.getElementById('draw-result')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  const rewrite = async () => {
    if (!token) return openLogin();
    if (!idea.trim()) return;
    setRewriting(true);
    try {
      setEnglish((await rewritePrompt(idea)).prompt);
    } catch {
      /* the toast was shown */
    } finally {
      setRewriting(false);
    }
  };

  const submit = () => {
    if (!english.trim()) return void toast.error(t('form.needRewrite'));
    const image = edits && reference ? reference : undefined;
    draw.mutate({ kind: 'dalle3', body: { prompt: english, mode: 'ai3', source_text: idea.trim() || undefined, size, quality, style, n: 1, image } }, { onSuccess: (r) => showResult(r.list) });
  };

  const form = (
    <div className="space-y-4">
      <PromptBox label={t('form.idea')} value={idea} onChange={setIdea} placeholder={t('form.ideaPlaceholder')} rows={3} />
      <Examples list={examples.data} onPick={(e) => setIdea(e.prompt)} />
      <button
        type="button"
        onClick={() => void rewrite()}
        disabled={rewriting || !idea.trim()}
        className="inline-flex h-10 w-full items-center justify-center gap-2 rounded-xl border border-primary/40 text-sm font-medium text-primary hover:bg-primary/5 disabled:opacity-60 dark:text-blue-300"
      >
        <Wand2 className="size-4" aria-hidden />
        {rewriting ? t('form.rewriting') : t('form.rewrite')}
      </button>
      <PromptBox label={t('form.english')} value={english} onChange={setEnglish} placeholder="A cozy wooden cabin under snowy mountains…" rows={4} id="ai3-english" />
      {edits && (
        <div>
          <ReferencePicker value={reference} onChange={setReference} />
          <p className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">{t('ai3.referenceHint')}</p>
        </div>
      )}
      <ChipGroup label={t('form.size')} options={types.data?.sizes ?? []} pending={types.data ? 0 : DRAW_SIZES.length} value={size} onChange={(v) => setSize((DRAW_SIZES as readonly string[]).includes(v) ? (v as DrawSize) : 'square')} />
      <ChipGroup label={t('form.quality')} options={types.data?.qualities ?? []} pending={types.data ? 0 : 2} value={quality} onChange={(v) => setQuality(v === 'hd' ? 'hd' : 'standard')} />
      <ChipGroup label={t('form.style')} options={types.data?.styles ?? []} pending={types.data ? 0 : 2} value={style} onChange={(v) => setStyle(v === 'natural' ? 'natural' : 'vivid')} />
      <SubmitBar cost={types.data?.costs.dalle3 ?? 2} busy={draw.isPending} disabled={!english.trim()} onSubmit={submit} />
    </div>
  );

  return (
    <DrawShell title={t('ai3.title')} subtitle={t('ai3.subtitle')} offline={types.data?.offline.image} form={form} testId="ai3-page">
      <section aria-live="polite" id="draw-result" className="scroll-mt-16">
        <SectionTitle>{t('result.title')}</SectionTitle>
        {draw.isPending ? <ResultSkeleton count={1} /> : result.length ? <ImageGrid images={result} /> : <Empty text={t('result.empty')} />}
      </section>
      <HistoryGrid kind="ai3" />
    </DrawShell>
  );
}
