import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DRAW_SIZES, DRAW_TYPES, type DrawImageView, type DrawSize, type DrawType } from '@app/shared';
import { useDraw, useExamples, useImageTypes } from './api.ts';
import { DrawShell, SectionTitle } from './components/DrawShell.tsx';
import { ChipGroup, Examples, PromptBox, SubmitBar } from './components/FormParts.tsx';
import { Empty, HistoryGrid, ImageGrid } from './components/HistoryGrid.tsx';
import { ResultSkeleton } from './components/ResultSkeleton.tsx';
import './locales.ts';

const pick = <T extends string>(list: readonly T[], v: string | null, fallback: T): T => (v && (list as readonly string[]).includes(v) ? (v as T) : fallback);

/** /draw: basic drawing. */
export default function DrawPage() {
  const { t } = useTranslation('draw');
  const [params] = useSearchParams();
  const types = useImageTypes();
  const examples = useExamples('basic');
  const [prompt, setPrompt] = useState(() => (params.get('prompt') ?? '').slice(0, 1000));
  const [type, setType] = useState<DrawType>(() => pick(DRAW_TYPES, params.get('type'), 'general'));
  const [size, setSize] = useState<DrawSize>('square');
  const [n, setN] = useState('1');
  const [result, setResult] = useState<DrawImageView[]>([]);
  const draw = useDraw();
  const showResult = (list: DrawImageView[]) => {
    setResult(list);
    requestAnimationFrame(() => document.getElementById('draw-result')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };
  const cost = (types.data?.costs.basic ?? 1) * Number(n);

  const submit = () => {
    if (!prompt.trim()) return;
    draw.mutate({ kind: 'basic', body: { prompt, type, size, n: Number(n) } }, { onSuccess: (r) => showResult(r.list) });
  };

  const form = (
    <div className="space-y-4">
      <PromptBox label={t('form.prompt')} value={prompt} onChange={setPrompt} placeholder={t('form.promptPlaceholder')} />
      <Examples
        list={examples.data}
        onPick={(e) => {
          setPrompt(e.prompt);
          setType(pick(DRAW_TYPES, e.type, 'general'));
        }}
      />
      <ChipGroup label={t('form.type')} options={types.data?.types ?? []} value={type} onChange={(v) => setType(pick(DRAW_TYPES, v, 'general'))} />
      <ChipGroup label={t('form.size')} options={types.data?.sizes ?? []} value={size} onChange={(v) => setSize(pick(DRAW_SIZES, v, 'square'))} />
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
      <HistoryGrid kind="basic" />
    </DrawShell>
  );
}
