import { ChevronLeft, ChevronRight } from 'lucide-react';
import { actionButton } from '../../../components/styles.ts';
import { switchBranch } from '../controller/branches.ts';
import { useChat } from '../stores/chat-store.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** `‹ 2/3 ›` under a message that has siblings (an edited question, a regenerated reply). */
export function BranchSwitcher({ itemKey, index, count }: { itemKey: string; index: number; count: number }) {
  const { t } = useTranslation('chat');
  const generating = useChat((s) => s.generating);
  return (
    <div data-export-ignore role="group" aria-label={t('branches')} className="inline-flex items-center text-xs text-neutral-500 tabular-nums dark:text-neutral-400">
      <button type="button" className={actionButton} aria-label={t('prevBranch')} title={t('prevBranch')} disabled={generating || index === 0} onClick={() => void switchBranch(itemKey, -1)}>
        <ChevronLeft className="size-4" aria-hidden />
      </button>
      <span aria-live="polite" aria-label={t('branchOf', { index: index + 1, count })} className="min-w-7 text-center">
        {index + 1}/{count}
      </span>
      <button type="button" className={actionButton} aria-label={t('nextBranch')} title={t('nextBranch')} disabled={generating || index === count - 1} onClick={() => void switchBranch(itemKey, 1)}>
        <ChevronRight className="size-4" aria-hidden />
      </button>
    </div>
  );
}
