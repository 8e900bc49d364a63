import { useState } from 'react';
import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2 } from 'lucide-react';
import type { DeckSection } from '@app/shared';
import { DECK_LINE_MAX, DECK_POINTS_MAX, DECK_SECTIONS_MAX } from '@app/shared/slides';
import { useTranslation } from '../../../lib/i18n.ts';

export interface EditableOutline {
  title: string;
  sections: DeckSection[];
}

const input =
  'w-full rounded-lg border border-neutral-200 bg-white px-3 py-2 text-sm text-neutral-900 outline-none focus:border-primary focus:ring-2 focus:ring-primary/20 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-50';

/** The outline before the slides: rename, add, remove, reorder (buttons, or drag on a pointer device). */
export function OutlineEditor({ value, onChange, disabled }: { value: EditableOutline; onChange(v: EditableOutline): void; disabled?: boolean }) {
  const { t } = useTranslation('slides');
  const [dragging, setDragging] = useState<number | null>(null);
  const set = (sections: DeckSection[]) => onChange({ ...value, sections });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.sections.length || from === to) return;
    const next = [...value.sections];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    set(next);
  };
  const iconButton = 'rounded-lg p-1.5 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 disabled:opacity-30 dark:hover:bg-neutral-800 dark:hover:text-neutral-100';

  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-1.5">
        <span className="text-xs font-medium text-neutral-600 dark:text-neutral-300">{t('outline.deckTitle')}</span>
        <input className={input} value={value.title} maxLength={DECK_LINE_MAX} disabled={disabled} onChange={(e) => onChange({ ...value, title: e.target.value })} />
      </label>
      <ol className="flex flex-col gap-2.5">
        {value.sections.map((s, i) => (
          <li
            key={i}
            data-testid="outline-section"
            onDragOver={(e) => dragging !== null && e.preventDefault()}
            onDrop={() => {
              if (dragging !== null) move(dragging, i);
              setDragging(null);
            }}
            className={`rounded-xl border bg-white p-3 dark:bg-neutral-900 ${dragging === i ? 'border-primary/60 opacity-60' : 'border-neutral-200/80 dark:border-neutral-800'}`}
          >
            <div className="mb-2 flex items-center gap-1">
              <span
                draggable={!disabled}
                onDragStart={() => setDragging(i)}
                onDragEnd={() => setDragging(null)}
                className="hidden cursor-grab p-1 text-neutral-400 md:block"
                title={t('outline.drag')}
                aria-hidden
              >
                <GripVertical className="size-4" />
              </span>
              <span className="text-xs font-semibold text-primary-fg">{t('outline.section', { n: i + 1 })}</span>
              <span className="flex-1" />
              <button type="button" className={iconButton} disabled={disabled || i === 0} onClick={() => move(i, i - 1)} aria-label={`${t('outline.up')} ${i + 1}`}>
                <ArrowUp className="size-4" aria-hidden />
              </button>
              <button type="button" className={iconButton} disabled={disabled || i === value.sections.length - 1} onClick={() => move(i, i + 1)} aria-label={`${t('outline.down')} ${i + 1}`}>
                <ArrowDown className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                className={`${iconButton} hover:text-rose-600`}
                disabled={disabled || value.sections.length <= 1}
                onClick={() => set(value.sections.filter((_, k) => k !== i))}
                aria-label={`${t('outline.remove')} ${i + 1}`}
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </div>
            <input
              className={`${input} font-medium`}
              aria-label={`${t('outline.sectionTitle')} ${i + 1}`}
              value={s.title}
              maxLength={DECK_LINE_MAX}
              disabled={disabled}
              onChange={(e) => set(value.sections.map((x, k) => (k === i ? { ...x, title: e.target.value } : x)))}
            />
            <textarea
              className={`${input} mt-2 min-h-[84px] resize-y leading-6`}
              aria-label={`${t('outline.points')} ${i + 1}`}
              placeholder={t('outline.points')}
              value={s.points.join('\n')}
              disabled={disabled}
              onChange={(e) =>
                set(value.sections.map((x, k) => (k === i ? { ...x, points: e.target.value.split('\n').slice(0, DECK_POINTS_MAX).map((p) => p.slice(0, DECK_LINE_MAX)) } : x)))
              }
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        disabled={disabled || value.sections.length >= DECK_SECTIONS_MAX}
        onClick={() => set([...value.sections, { title: '', points: [] }])}
        className="inline-flex h-10 items-center justify-center gap-1.5 rounded-xl border border-dashed border-neutral-300 text-sm text-neutral-600 hover:border-primary hover:text-primary-fg disabled:opacity-40 dark:border-neutral-700 dark:text-neutral-300"
      >
        <Plus className="size-4" aria-hidden />
        {t('outline.add')}
      </button>
    </div>
  );
}

/** What is sent: blank points dropped, titles trimmed. */
export const cleanOutline = (v: EditableOutline) => ({
  title: v.title.trim(),
  outline: v.sections.map((s) => ({ title: s.title.trim(), points: s.points.map((p) => p.trim()).filter(Boolean) })),
});
