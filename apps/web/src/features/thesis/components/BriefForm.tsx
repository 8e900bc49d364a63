import { useState } from 'react';
import { THESIS_KINDS, THESIS_LANGUAGES, THESIS_MAX_CHARS, THESIS_MIN_CHARS, type ThesisCreateBody } from '@app/shared';
import { DocumentPicker } from '../../../components/DocumentPicker.tsx';
import { field, input, label, primaryButton } from './styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Step 1: the brief (title, type, discipline, length, language, requirements, a reference document). */
export function BriefForm({ busy, onSubmit }: { busy: boolean; onSubmit(body: ThesisCreateBody): void }) {
  const { t } = useTranslation('thesis');
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<(typeof THESIS_KINDS)[number]>('毕业论文');
  const [discipline, setDiscipline] = useState('');
  const [length, setLength] = useState(8000);
  const [language, setLanguage] = useState<(typeof THESIS_LANGUAGES)[number]>('中文');
  const [requirements, setRequirements] = useState('');
  const [document, setDocument] = useState<string | null>(null);
  const valid = title.trim() && discipline.trim() && length >= THESIS_MIN_CHARS && length <= THESIS_MAX_CHARS;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSubmit({ title: title.trim(), kind, discipline: discipline.trim(), length, language, requirements: requirements.trim(), ...(document ? { document } : {}) });
      }}
    >
      <h2 className="text-base font-semibold">{t('form.heading')}</h2>
      <label className={field}>
        <span className={label}>{t('form.title')}</span>
        <input className={input} value={title} maxLength={100} placeholder={t('form.titlePh')} onChange={(e) => setTitle(e.target.value)} required />
      </label>
      <div className="grid grid-cols-2 gap-3">
        <label className={field}>
          <span className={label}>{t('form.kind')}</span>
          <select className={input} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            {THESIS_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <label className={field}>
          <span className={label}>{t('form.discipline')}</span>
          <input className={input} value={discipline} maxLength={40} placeholder={t('form.disciplinePh')} onChange={(e) => setDiscipline(e.target.value)} required />
        </label>
        <label className={field}>
          <span className={label}>
            {t('form.length')} <span className="font-normal text-neutral-500 dark:text-neutral-400">{t('form.lengthHint')}</span>
          </span>
          <input
            className={input}
            type="number"
            inputMode="numeric"
            min={THESIS_MIN_CHARS}
            max={THESIS_MAX_CHARS}
            step={500}
            value={length}
            onChange={(e) => setLength(Number(e.target.value))}
          />
        </label>
        <label className={field}>
          <span className={label}>{t('form.language')}</span>
          <select className={input} value={language} onChange={(e) => setLanguage(e.target.value as typeof language)}>
            {THESIS_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className={field}>
        <span className={label}>{t('form.requirements')}</span>
        <textarea className={`${input} h-20 resize-none py-2`} value={requirements} maxLength={1000} placeholder={t('form.requirementsPh')} onChange={(e) => setRequirements(e.target.value)} />
      </label>
      <DocumentPicker value={document} onChange={(d) => setDocument(d?.token ?? null)} disabled={busy} label={t('form.referencePicker')} />
      <button type="submit" className={primaryButton} disabled={!valid || busy}>
        {t('form.submit')}
      </button>
    </form>
  );
}
