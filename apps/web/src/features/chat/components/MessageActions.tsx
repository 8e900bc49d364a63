import { useState } from 'react';
import { FastForward, RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { clsx } from 'clsx';
import { continueReply, deleteChatItem, retryReply } from '../controller/turns.ts';
import type { ChatItem } from '../types.ts';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { actionButton } from '../../../components/styles.ts';

interface Props {
  item: ChatItem;
  /** The last reply of the conversation: continue (and retry when allowed) live here. */
  isLastReply: boolean;
  showRetry: boolean;
  generating: boolean;
}

/** SPEC §2.7: copy, continue (last reply), retry (ai_35, last reply) and delete under a bubble. */
export function MessageActions({ item, isLastReply, showRetry, generating }: Props) {
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
      className={clsx(
        'flex items-center gap-0.5',
        item.inversion ? 'justify-end' : '-ml-1.5',
        // Quiet until hovered on devices that can hover; the last reply's stay visible.
        !isLastReply && '[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-within:opacity-100 transition-opacity',
      )}
    >
      {!streaming && <CopyButton text={item.text} label={t('copy')} />}
      {isLastReply && !streaming && (
        <button type="button" className={actionButton} aria-label={t('continue')} title={t('continue')} disabled={busy} onClick={guard(continueReply)}>
          <FastForward className="size-4" aria-hidden />
        </button>
      )}
      {isLastReply && showRetry && !streaming && (
        <button type="button" className={actionButton} aria-label={t('retry')} title={t('retry')} disabled={busy} onClick={guard(retryReply)}>
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
          onClick={guard(() => deleteChatItem(item.key))}
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
