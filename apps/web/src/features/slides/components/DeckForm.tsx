import { useState } from 'react';
import { Loader2, WandSparkles } from 'lucide-react';
import type { DeckOutlineValidateBody } from '@app/shared';
import { DECK_AUDIENCES, DECK_LANGUAGES, DECK_PAGES_MAX, DECK_PAGES_MIN, DECK_SOURCE_MAX, DECK_TOPIC_MAX } from '@app/shared/slides';
import { DocumentPicker } from '../../../components/DocumentPicker.tsx';
import { useSession } from '../../../lib/session.ts';
import { field, primaryButton } from './styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** A new deck: topic, document or pasted text, audience, pages, language. */
export function DeckForm({ busy, error, onError, onSubmit }: { busy: boolean; error: string | null; onError(message: string | null): void; onSubmit(body: DeckOutlineValidateBody): void }) {
  const { t } = useTranslation('slides');
  const [topic, setTopic] = useState('');
  const [text, setText] = useState('');
  const [showText, setShowText] = useState(false);
  const [document, setDocument] = useState<string | null>(null);
  const [audience, setAudience] = useState<string>(DECK_AUDIENCES[0]);
  const [pages, setPages] = useState(12);
  const [language, setLanguage] = useState<'zh-CN' | 'zh-TW' | 'en'>('zh-CN');

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!useSession.getState().token) return useSession.getState().openLogin();
    if (!topic.trim()) return onError(t('form.needTopic'));
    onSubmit({ topic: topic.trim(), text: text.trim() || undefined, audience, pages, language, ...(document ? { document } : {}) });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-2xl border border-neutral-200/70 bg-white p-4 shadow-xs sm:p-5 dark:border-neutral-800 dark:bg-neutral-900" noValidate>
      <label className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-neutral-700 dark:text-neutral-200">{t('form.topic')}</span>
        <input
          className={field}
          value={topic}
          maxLength={DECK_TOPIC_MAX}
          placeholder={t('form.topicPlaceholder')}
          onChange={(e) => setTopic(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'deck-form-error' : undefined}
          name="topic"
        />
      </label>
      <DocumentPicker
        value={document}
        disabled={busy}
        onChange={(d) => {
          setDocument(d?.token ?? null);
          // The document's title is a good first topic.
          if (d && !topic.trim()) setTopic(Array.from(d.title).slice(0, DECK_TOPIC_MAX).join(''));
        }}
      />
      {showText ? (
        <label className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-neutral-700 dark:text-neutral-200">{t('form.text')}</span>
          <textarea className={`${field} min-h-[120px] resize-y text-sm leading-6`} value={text} maxLength={DECK_SOURCE_MAX} placeholder={t('form.textPlaceholder')} onChange={(e) => setText(e.target.value)} />
        </label>
      ) : (
        <button type="button" onClick={() => setShowText(true)} className="self-start text-sm text-primary-fg underline-offset-2 hover:underline">
          + {t('form.showText')}
        </button>
      )}
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-neutral-700 dark:text-neutral-200">{t('form.audience')}</legend>
        <div className="flex flex-wrap gap-2">
          {DECK_AUDIENCES.map((a) => (
            <button
              key={a}
              type="button"
              aria-pressed={audience === a}
              onClick={() => setAudience(a)}
              className={`rounded-full border px-3.5 py-1.5 text-sm transition-colors ${
                audience === a ? 'border-primary bg-primary-soft font-medium text-primary-fg' : 'border-neutral-200 text-neutral-600 hover:border-neutral-300 dark:border-neutral-700 dark:text-neutral-300'
              }`}
            >
              {a}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5">
          <span className="flex justify-between text-sm font-medium text-neutral-700 dark:text-neutral-200">
            {t('form.pages')}
            <span className="font-semibold text-primary-fg tabular-nums">{t('form.pagesValue', { count: pages })}</span>
          </span>
          <input type="range" min={DECK_PAGES_MIN} max={DECK_PAGES_MAX} value={pages} onChange={(e) => setPages(Number(e.target.value))} className="h-10 accent-[var(--color-primary)]" />
        </label>
        <label className="flex flex-col gap-1.5">
          <span className="text-sm font-medium text-neutral-700 dark:text-neutral-200">{t('form.language')}</span>
          <select className={field} value={language} onChange={(e) => setLanguage(e.target.value as typeof language)}>
            {DECK_LANGUAGES.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p id="deck-form-error" role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          {error}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <WandSparkles className="size-4" aria-hidden />}
        {t('form.submit')}
      </button>
    </form>
  );
}

