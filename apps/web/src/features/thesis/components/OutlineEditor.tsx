import { useState } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { THESIS_SECTION_MAX_CHARS, THESIS_SECTION_MIN_CHARS, thesisCost, type ThesisChapterView, type ThesisOutlineInput } from '@app/shared';
import { iconButton, inputBase, primaryButton, secondaryButton } from './styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';

type Draft = ThesisOutlineInput;

const move = <T,>(list: T[], i: number, by: number) => {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
};

/** Step 2: the outline, edited (rename, add, remove, reorder, lengths) and saved. */
export function OutlineEditor({ outline, busy, onSave }: { outline: ThesisChapterView[]; busy: boolean; onSave(o: Draft): Promise<void> }) {
  const { t } = useTranslation('thesis');
  const [draft, setDraft] = useState<Draft>(() => outline.map((c) => ({ key: c.key, title: c.title, sections: c.sections.map((s) => ({ key: s.key, title: s.title, chars: s.chars })) })));
  const [dirty, setDirty] = useState(false);
  const update = (next: Draft) => {
    setDraft(next);
    setDirty(true);
  };
  const setChapter = (ci: number, patch: Partial<Draft[number]>) => update(draft.map((c, i) => (i === ci ? { ...c, ...patch } : c)));
  const setSection = (ci: number, si: number, patch: Partial<Draft[number]['sections'][number]>) =>
    setChapter(ci, { sections: draft[ci]!.sections.map((s, i) => (i === si ? { ...s, ...patch } : s)) });
  const total = draft.reduce((n, c) => n + c.sections.reduce((m, s) => m + (Number(s.chars) || 0), 0), 0);

  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-3">
        {draft.map((c, ci) => (
          <li key={c.key ?? `new-${ci}`} className="rounded-xl border border-neutral-200 p-3 dark:border-neutral-800">
            <div className="flex items-center gap-1">
              <span className="w-14 shrink-0 text-xs font-medium text-neutral-500">{t('outline.chapterNo', { n: ci + 1 })}</span>
              <input className={`${inputBase} h-9 flex-1 font-medium`} aria-label={t('outline.chapter')} value={c.title} maxLength={60} onChange={(e) => setChapter(ci, { title: e.target.value })} />
              <button type="button" className={iconButton} aria-label={t('outline.up')} disabled={ci === 0} onClick={() => update(move(draft, ci, -1))}>
                <ArrowUp className="size-4" aria-hidden />
              </button>
              <button type="button" className={iconButton} aria-label={t('outline.down')} disabled={ci === draft.length - 1} onClick={() => update(move(draft, ci, 1))}>
                <ArrowDown className="size-4" aria-hidden />
              </button>
              <button type="button" className={iconButton} aria-label={t('outline.remove')} disabled={draft.length === 1} onClick={() => update(draft.filter((_, i) => i !== ci))}>
                <Trash2 className="size-4" aria-hidden />
              </button>
            </div>
            <ul className="mt-2 flex flex-col gap-1.5 md:pl-14">
              {c.sections.map((s, si) => (
                <li key={s.key ?? `new-${si}`} className="flex items-center gap-1">
                  <span className="w-8 shrink-0 text-xs text-neutral-500">{`${ci + 1}.${si + 1}`}</span>
                  <input className={`${inputBase} h-9 flex-1`} aria-label={t('outline.sectionTitle')} value={s.title} maxLength={60} onChange={(e) => setSection(ci, si, { title: e.target.value })} />
                  <input
                    className={`${inputBase} h-9 w-20 shrink-0 px-2 text-right tabular-nums`}
                    aria-label={t('outline.chars')}
                    type="number"
                    inputMode="numeric"
                    min={THESIS_SECTION_MIN_CHARS}
                    max={THESIS_SECTION_MAX_CHARS}
                    step={100}
                    value={s.chars}
                    onChange={(e) => setSection(ci, si, { chars: Number(e.target.value) })}
                  />
                  <button type="button" className={iconButton} aria-label={t('outline.up')} disabled={si === 0} onClick={() => setChapter(ci, { sections: move(c.sections, si, -1) })}>
                    <ArrowUp className="size-4" aria-hidden />
                  </button>
                  <button type="button" className={`${iconButton} max-md:hidden`} aria-label={t('outline.down')} disabled={si === c.sections.length - 1} onClick={() => setChapter(ci, { sections: move(c.sections, si, 1) })}>
                    <ArrowDown className="size-4" aria-hidden />
                  </button>
                  <button type="button" className={iconButton} aria-label={t('outline.remove')} disabled={c.sections.length === 1} onClick={() => setChapter(ci, { sections: c.sections.filter((_, i) => i !== si) })}>
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
            <button type="button" className="mt-2 inline-flex items-center gap-1 text-sm text-primary-fg md:ml-14" onClick={() => setChapter(ci, { sections: [...c.sections, { title: t('outline.sectionTitle'), chars: 800 }] })}>
              <Plus className="size-4" aria-hidden />
              {t('outline.addSection')}
            </button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className={secondaryButton} onClick={() => update([...draft, { title: t('outline.chapter'), sections: [{ title: t('outline.sectionTitle'), chars: 800 }] }])}>
          <Plus className="size-4" aria-hidden />
          {t('outline.addChapter')}
        </button>
        <span className="text-sm text-neutral-500">
          {t('outline.total', { chars: total.toLocaleString() })} · {t('outline.estimate', { credits: thesisCost(total) })}
        </span>
        <button
          type="button"
          className={`${primaryButton} ml-auto h-9`}
          disabled={!dirty || busy}
          onClick={() => void onSave(draft).then(() => setDirty(false), () => {})}
        >
          {t('outline.save')}
        </button>
      </div>
    </div>
  );
}
