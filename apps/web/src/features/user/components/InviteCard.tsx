import { Link } from '../../../lib/router/index.tsx';
import { ChevronRight, Copy } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { Card } from './Card.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export function InviteCard({ code }: { code: string }) {
  const { t } = useTranslation('user');
  const copy = async () => {
    if (await copyText(code)) toast.success(t('invite.copied'));
    else toast.error(t('invite.copyFailed'));
  };
  return (
    <Card
      title={t('invite.title')}
      action={
        <Link to="/share" className="flex items-center text-[13px] text-neutral-500 hover:text-primary dark:text-neutral-400 dark:hover:text-indigo-400">
          {t('invite.plan')}
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      }
    >
      <div className="flex items-center justify-between gap-3 rounded-xl bg-neutral-50 px-4 py-3 dark:bg-neutral-800/60">
        <span data-testid="invite-code" className="font-mono text-lg font-semibold tracking-[0.2em] text-neutral-900 select-all dark:text-neutral-50">
          {code}
        </span>
        <button
          type="button"
          onClick={() => void copy()}
          className="flex shrink-0 items-center gap-1 rounded-full border border-neutral-200 bg-white px-3 py-1 text-[13px] text-neutral-700 transition-colors hover:border-primary hover:text-primary dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-200 dark:hover:border-indigo-400 dark:hover:text-indigo-400"
        >
          <Copy className="size-3.5" aria-hidden />
          {t('invite.copy')}
        </button>
      </div>
      <p className="mt-2 text-xs text-neutral-400 dark:text-neutral-500">{t('invite.hint')}</p>
    </Card>
  );
}
