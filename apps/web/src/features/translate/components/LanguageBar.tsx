import { ArrowLeftRight } from 'lucide-react';
import { TRANSLATE_AUTO, TRANSLATE_LANGUAGES } from '@app/shared/translate-languages';
import { iconButton } from '../../../components/styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const selectClass =
  'h-9 min-w-0 flex-1 rounded-lg border border-neutral-200 bg-white px-2 text-sm text-neutral-800 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100';

interface LanguageBarProps {
  from: string;
  to: string;
  /** The detected source language when `from` is automatic; swapping needs it. */
  detected: string | null;
  running: boolean;
  onFrom(code: string): void;
  onTo(code: string): void;
  onSwap(): void;
}

/** The source language (or automatic), the swap button, the target language. */
export function LanguageBar({ from, to, detected, running, onFrom, onTo, onSwap }: LanguageBarProps) {
  const { t } = useTranslation('translate');
  return (
    <div className="flex items-center gap-2">
      <label className="sr-only" htmlFor="tr-from">
        {t('from')}
      </label>
      <select id="tr-from" value={from} disabled={running} onChange={(e) => onFrom(e.target.value)} className={selectClass}>
        <option value={TRANSLATE_AUTO}>{t('auto')}</option>
        {TRANSLATE_LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.label}
          </option>
        ))}
      </select>
      <button type="button" onClick={onSwap} disabled={running || (from === TRANSLATE_AUTO && !detected)} aria-label={t('swap')} title={t('swap')} className={iconButton}>
        <ArrowLeftRight className="size-4" aria-hidden />
      </button>
      <label className="sr-only" htmlFor="tr-to">
        {t('to')}
      </label>
      <select id="tr-to" value={to} disabled={running} onChange={(e) => onTo(e.target.value)} className={selectClass}>
        {TRANSLATE_LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
  );
}
