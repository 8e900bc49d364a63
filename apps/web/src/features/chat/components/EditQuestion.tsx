import { useState, type KeyboardEvent } from 'react';
import { sendEdited } from '../controller/turns.ts';
import { useChat } from '../stores/chat-store.ts';
import type { ChatItem } from '../types.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * A question being edited in place. Sending forks the conversation at this question: the edited
 * version and its reply become a new branch, the original stays one ‹ › away.
 */
export function EditQuestion({ item, mobile, onDone }: { item: ChatItem; mobile: boolean; onDone(): void }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState(item.text);
  const generating = useChat((s) => s.generating);
  const [busy, setBusy] = useState(false);
  const canSend = !!text.trim() && text !== item.text && !generating && !busy;

  const submit = async () => {
    if (!canSend) return;
    setBusy(true);
    const started = sendEdited(item.key, text);
    // The edited branch replaces this row on screen at once; the editor is done either way.
    onDone();
    await started;
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') onDone();
    else if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && !mobile) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form
      className="flex w-full flex-col gap-2 rounded-2xl border border-neutral-200 bg-white p-2 shadow-sm dark:border-neutral-700 dark:bg-neutral-900"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <textarea
        aria-label={t('editLabel')}
        value={text}
        autoFocus
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
        className="w-full resize-none bg-transparent px-2 py-1.5 text-[15px] leading-7 outline-none"
      />
      <div className="flex items-center justify-end gap-2">
        <span className="min-w-0 flex-1 px-2 text-xs text-neutral-500 dark:text-neutral-400">{t('editHint')}</span>
        <button type="button" onClick={onDone} className="h-8 shrink-0 rounded-lg px-3 text-sm whitespace-nowrap text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800">
          {t('cancel')}
        </button>
        <button
          type="submit"
          disabled={!canSend}
          className="h-8 shrink-0 rounded-lg bg-primary px-3 whitespace-nowrap text-sm font-medium text-white transition-colors hover:bg-primary-hover disabled:opacity-40"
        >
          {t('editSend')}
        </button>
      </div>
    </form>
  );
}
