import { useState } from 'react';
import type { DeckSlide, DeckView } from '@app/shared';
import { DECK_LINE_MAX, DECK_NOTES_MAX } from '@app/shared/slides';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { slidesApi } from '../api.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const field =
  'w-full rounded-lg border border-neutral-200 bg-white px-3 py-2 text-sm text-neutral-900 outline-none focus:border-primary focus:ring-2 focus:ring-primary/20 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-50';
const lines = (s: string) => s.split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 8).map((l) => l.slice(0, DECK_LINE_MAX));

/** Timeline lines 「标签：内容」 back into steps (a line without a colon is all text). */
const stepsOf = (s: string) =>
  lines(s)
    .slice(0, 6)
    .map((l) => {
      const m = /^(.{1,20}?)[：:]\s*(.+)$/.exec(l);
      return m ? { label: m[1]!.trim(), text: m[2]!.trim() } : { label: '', text: l };
    });

/** Edits one slide's text (title, points, columns, quote, notes); its layout stays. */
export function SlideEditor({ deckId, index, slide, onClose, onSaved }: { deckId: number; index: number; slide: DeckSlide; onClose(): void; onSaved(d: DeckView): void }) {
  const { t } = useTranslation('slides');
  const [title, setTitle] = useState(slide.title);
  const [subtitle, setSubtitle] = useState(slide.subtitle ?? '');
  const [bullets, setBullets] = useState((slide.bullets ?? []).join('\n'));
  const [left, setLeft] = useState((slide.left?.bullets ?? []).join('\n'));
  const [right, setRight] = useState((slide.right?.bullets ?? []).join('\n'));
  const [quote, setQuote] = useState(slide.quote ?? '');
  const [steps, setSteps] = useState((slide.steps ?? []).map((x) => `${x.label}：${x.text}`).join('\n'));
  const [notes, setNotes] = useState(slide.notes);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = {
        title: title.trim() || slide.title,
        notes,
        ...(slide.subtitle !== undefined ? { subtitle } : {}),
        ...(slide.bullets ? { bullets: lines(bullets) } : {}),
        ...(slide.left ? { left: { heading: slide.left.heading, bullets: lines(left).slice(0, 6) } } : {}),
        ...(slide.right ? { right: { heading: slide.right.heading, bullets: lines(right).slice(0, 6) } } : {}),
        ...(slide.quote !== undefined ? { quote } : {}),
        ...(slide.steps ? { steps: stepsOf(steps) } : {}),
      };
      onSaved(await slidesApi.slide({ id: deckId, index, slide: next }));
      toast.success(t('editor.saved'));
    } catch (e) {
      if (e instanceof ApiError && e.message) setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  const area = (label: string, value: string, set: (v: string) => void, rows = 4) => (
    <label className="flex flex-col gap-1">
      <span className="text-xs font-medium text-neutral-600 dark:text-neutral-300">{label}</span>
      <textarea className={`${field} resize-y leading-6`} rows={rows} value={value} onChange={(e) => set(e.target.value)} />
    </label>
  );

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('editor.title', { n: index + 1 })}
      widthClass="md:w-[560px]"
      footer={
        <>
          <button type="button" className={modalButton.secondary} onClick={onClose}>
            {t('editor.cancel')}
          </button>
          <button type="button" className={modalButton.primary} onClick={() => void save()} disabled={busy}>
            {t('editor.save')}
          </button>
        </>
      }
    >
      <div className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto pb-2">
        <label className="flex flex-col gap-1">
          <span className="text-xs font-medium text-neutral-600 dark:text-neutral-300">{t('editor.slideTitle')}</span>
          <input className={field} value={title} maxLength={DECK_LINE_MAX} onChange={(e) => setTitle(e.target.value)} />
        </label>
        {slide.subtitle !== undefined && (
          <label className="flex flex-col gap-1">
            <span className="text-xs font-medium text-neutral-600 dark:text-neutral-300">{t('editor.subtitle')}</span>
            <input className={field} value={subtitle} maxLength={DECK_LINE_MAX} onChange={(e) => setSubtitle(e.target.value)} />
          </label>
        )}
        {slide.bullets && area(t('editor.bullets'), bullets, setBullets, 5)}
        {slide.left && area(t('editor.left'), left, setLeft)}
        {slide.right && area(t('editor.right'), right, setRight)}
        {slide.quote !== undefined && area(t('editor.quote'), quote, setQuote, 3)}
        {slide.steps && area(t('editor.steps'), steps, setSteps, 5)}
        {area(t('editor.notes'), notes.slice(0, DECK_NOTES_MAX), setNotes, 4)}
        {error && (
          <p role="alert" className="text-sm text-rose-600">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
