import { useState } from 'react';
import { useSearchParams } from '../../lib/router/index.tsx';
import { DRAW_SIZES, DRAW_TYPES, type DrawImageView, type DrawSize, type DrawType } from '@app/shared';
import { prefetchDrawForm, useDraw, useDrawResults, useExamples, useImageTypes } from './api.ts';
import { DrawShell, SectionTitle } from './components/DrawShell.tsx';
import { ChipGroup, Examples, PromptBox, SubmitBar } from './components/FormParts.tsx';
import { Empty, HistoryGrid, ImageGrid } from './components/HistoryGrid.tsx';
import { ResultSkeleton } from './components/ResultSkeleton.tsx';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

const pick = <T extends string>(list: readonly T[], v: string | null, fallback: T): T => (v && (list as readonly string[]).includes(v) ? (v as T) : fallback);

const MODES = ['basic', 'dalle3'] as const;
type Mode = (typeof MODES)[number];

/** Its first requests start with its code (app/router.tsx). */
export const prefetch = prefetchDrawForm;

/** /draw: basic drawing, and DALL·E (quality, style, size) as its second mode (?mode=dalle3). */
export default function DrawPage() {
  const { t } = useTranslation('draw');
  const [params, setParams] = useSearchParams();
  const types = useImageTypes();
  const mode: Mode = pick(MODES, params.get('mode'), 'basic');
  const examples = useExamples(mode);
  const [prompt, setPrompt] = useState(() => (params.get('prompt') ?? '').slice(0, 1000));
  const [type, setType] = useState<DrawType>(() => pick(DRAW_TYPES, params.get('type'), 'general'));
  const [size, setSize] = useState<DrawSize>('square');
  const [quality, setQuality] = useState<'standard' | 'hd'>('standard');
  const [style, setStyle] = useState<'vivid' | 'natural'>('vivid');
  const [n, setN] = useState('1');
  const setMode = (m: Mode) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (m === 'basic') next.delete('mode');
        else next.set('mode', m);
        return next;
      },
      { replace: true },
    );
  const { images: result, show } = useDrawResults('draw');
  const draw = useDraw();
  const showResult = (list: DrawImageView[]) => {
    show(list);
    requestAnimationFrame(() => document.getElementById('draw-result')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };
  const unit = mode === 'dalle3' ? (types.data?.costs.dalle3 ?? 2) : (types.data?.costs.basic ?? 1);
  const cost = unit * Number(n);

  const submit = () => {
    if (!prompt.trim()) return;
    if (mode === 'dalle3') return draw.mutate({ kind: 'dalle3', body: { prompt, mode: 'dalle3', size, quality, style, n: Number(n) } }, { onSuccess: (r) => showResult(r.list) });
    draw.mutate({ kind: 'basic', body: { prompt, type, size, n: Number(n) } }, { onSuccess: (r) => showResult(r.list) });
  };

  const form = (
    <div className="space-y-4">
      <ChipGroup label={t('basic.mode')} options={[{ value: 'basic', label: t('basic.modeBasic') }, { value: 'dalle3', label: t('basic.modeDalle') }]} value={mode} onChange={(v) => setMode(pick(MODES, v, 'basic'))} />
      {mode === 'dalle3' && <p className="text-xs text-neutral-600 dark:text-neutral-400">{t('basic.dalleHint', { count: types.data?.costs.dalle3 ?? 2 })}</p>}
      <PromptBox label={t('form.prompt')} value={prompt} onChange={setPrompt} placeholder={t('form.promptPlaceholder')} />
      <Examples
        list={examples.data}
        onPick={(e) => {
          setPrompt(e.prompt);
          setType(pick(DRAW_TYPES, e.type, 'general'));
        }}
      />
      {mode === 'basic' && <ChipGroup label={t('form.type')} options={types.data?.types ?? []} pending={types.data ? 0 : DRAW_TYPES.length} value={type} onChange={(v) => setType(pick(DRAW_TYPES, v, 'general'))} />}
      <ChipGroup label={t('form.size')} options={types.data?.sizes ?? []} pending={types.data ? 0 : DRAW_SIZES.length} value={size} onChange={(v) => setSize(pick(DRAW_SIZES, v, 'square'))} />
      {mode === 'dalle3' && (
        <>
          <ChipGroup label={t('form.quality')} options={types.data?.qualities ?? []} pending={types.data ? 0 : 2} value={quality} onChange={(v) => setQuality(v === 'hd' ? 'hd' : 'standard')} />
          <ChipGroup label={t('form.style')} options={types.data?.styles ?? []} pending={types.data ? 0 : 2} value={style} onChange={(v) => setStyle(v === 'natural' ? 'natural' : 'vivid')} />
        </>
      )}
      <ChipGroup label={t('form.count')} options={['1', '2', '4'].map((v) => ({ value: v, label: v }))} value={n} onChange={setN} />
      <SubmitBar cost={cost} busy={draw.isPending} disabled={!prompt.trim()} onSubmit={submit} />
    </div>
  );

  return (
    <DrawShell title={t('basic.title')} subtitle={t('basic.subtitle')} offline={types.data?.offline.image} form={form} testId="draw-page">
      <section aria-live="polite" id="draw-result" className="scroll-mt-16">
        <SectionTitle>{t('result.title')}</SectionTitle>
        {draw.isPending ? <ResultSkeleton count={Number(n)} /> : result.length ? <ImageGrid images={result} /> : <Empty text={t('result.empty')} />}
      </section>
      <HistoryGrid key={mode} kind={mode} />
    </DrawShell>
  );
}
