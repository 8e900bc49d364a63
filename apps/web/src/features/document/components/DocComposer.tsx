import { useRef } from 'react';
import { DOCUMENT_QUESTION_MAX } from '@app/shared/constants';
import { Composer } from '../../../components/Composer.tsx';
import { askDocument, stopAnswer } from '../controller/ask.ts';
import { needsQuestion } from '../logic/options.ts';
import { useDocuments } from '../stores/document-store.ts';
import type { useDocOptions } from '../hooks/useDocOptions.ts';
import { ActionBar } from './ActionBar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  mobile: boolean;
  options: ReturnType<typeof useDocOptions>;
  onSent(): void;
}

/**
 * The question box: the action tabs and output language above it. For 问答 a question is
 * required; for the other actions it is optional (the action itself is the request).
 */
export function DocComposer({ mobile, options, onSent }: Props) {
  const { t } = useTranslation('document');
  const text = useDocuments((s) => s.draft);
  const setText = useDocuments((s) => s.setDraft);
  const generating = useDocuments((s) => s.generating);
  const ref = useRef<HTMLTextAreaElement>(null);
  const { action, language } = options;
  const qa = needsQuestion(action);
  const blocked = qa && !text.trim();

  const submit = async () => {
    if (generating) return;
    const question = text;
    if (blocked) ref.current?.focus();
    const started = askDocument({ question, action: action?.value ?? '', language, questionRequired: qa });
    // The box empties as soon as the turn is accepted locally; a refusal puts the text back.
    if (useDocuments.getState().generating) {
      setText('');
      onSent();
    }
    await started;
  };

  const placeholder = mobile
    ? qa || !action
      ? t('placeholderQaShort')
      : t('placeholderActionShort')
    : qa || !action
      ? t('placeholderQa')
      : t('placeholderAction', { action: action.label });
  return (
    <Composer
      mobile={mobile}
      value={text}
      onChange={setText}
      onSubmit={() => void submit()}
      onStop={() => void stopAnswer()}
      generating={generating}
      sendDisabled={blocked}
      label={t('input')}
      placeholder={placeholder}
      maxLength={DOCUMENT_QUESTION_MAX}
      textareaRef={ref}
      header={<ActionBar actions={options.actions} languages={options.languages} action={action} language={language} disabled={generating} />}
      clip
    />
  );
}
