import { lazy, Suspense, useState } from 'react';
import { FastForward, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { clsx } from 'clsx';
import { continueReply, deleteChatItem, deletionSize, retryReply } from '../controller/turns.ts';
import { useChat } from '../stores/chat-store.ts';
import { useChatUi } from '../stores/ui-store.ts';
import type { ChatItem } from '../types.ts';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { actionButton } from '../../../components/styles.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const ReadAloudButton = lazy(() => import('./ReadAloudButton.tsx').then((m) => ({ default: m.ReadAloudButton })));

interface Props {
  item: ChatItem;
  /** The last reply of the conversation: continue (and retry when allowed) live here. */
  isLastReply: boolean;
  showRetry: boolean;
  generating: boolean;
  /** A saved question: opens it for editing (a new branch). */
  onEdit?: () => void;
}

/** Edit is off while a reply is generated (only this button listens to that). */
function EditButton({ onEdit }: { onEdit(): void }) {
  const { t } = useTranslation('chat');
  const generating = useChat((s) => s.generating);
  return (
    <button type="button" className={actionButton} aria-label={t('edit')} title={t('edit')} disabled={generating} onClick={onEdit}>
      <Pencil className="size-4" aria-hidden />
    </button>
  );
}

/** Deleting a message takes what follows it: more than the message itself is confirmed first. */
async function askDelete(key: string) {
  const count = deletionSize(key);
  if (count > 1) useChatUi.getState().set({ confirm: { kind: 'deleteMessage', key, count } });
  else await deleteChatItem(key);
}

/** SPEC §2.7: copy, continue (last reply), retry (ai_35, last reply) and delete under a bubble; edit on a question. */
export function MessageActions({ item, isLastReply, showRetry, generating, onEdit }: Props) {
  const { t } = useTranslation('chat');
  const [busy, setBusy] = useState(false);
  const streaming = item.loading;
  const guard = (fn: () => Promise<unknown>) => async () => {
    if (busy) return;
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      data-export-ignore
      data-message-actions
      className={clsx(
        'flex items-center gap-0.5',
        item.inversion ? 'justify-end' : '-ml-1.5',
        // Quiet until hovered on devices that can hover; the last reply's stay visible.
        !isLastReply && '[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-within:opacity-100 transition-opacity',
      )}
    >
      {!streaming && <CopyButton text={item.text} label={t('copy')} />}
      {!streaming && !item.inversion && item.text && (
        <Suspense fallback={null}>
          <ReadAloudButton text={item.text} />
        </Suspense>
      )}
      {onEdit && !streaming && <EditButton onEdit={onEdit} />}
      {isLastReply && !streaming && (
        <button type="button" className={actionButton} aria-label={t('continue')} title={t('continue')} disabled={busy} onClick={guard(continueReply)}>
          <FastForward className="size-4" aria-hidden />
        </button>
      )}
      {isLastReply && showRetry && !streaming && (
        <button type="button" className={actionButton} aria-label={t('retry')} title={t('retry')} disabled={busy} onClick={guard(() => retryReply(item.key))}>
          <RotateCcw className="size-4" aria-hidden />
        </button>
      )}
      {!streaming && (
        <button
          type="button"
          className={actionButton}
          aria-label={t('delete')}
          title={t('delete')}
          disabled={busy || (generating && isLastReply)}
          onClick={guard(() => askDelete(item.key))}
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
