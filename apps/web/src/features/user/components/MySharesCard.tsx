import { useCallback, useEffect, useState } from 'react';
import { Copy, Eye, Link2 } from 'lucide-react';
import type { ShareItem } from '@app/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { fetchMyShares, revokeShare } from '../../../components/share-sheet/api.ts';
import { shareDate } from '../../../components/share-sheet/format.ts';
import '../../../components/share-sheet/locales.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { toast } from '../../../lib/toast.ts';
import { Card } from './Card.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

const SHOWN = 5;

function Row({ share, onRevoke }: { share: ShareItem; onRevoke(): void }) {
  const { t } = useTranslation('share');
  const copy = async () => {
    if (await copyText(share.url)) toast.success(t('mine.copied'));
  };
  return (
    <li className="flex items-center gap-3 rounded-xl px-2 py-2.5" data-testid="my-share">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
        <Link2 className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        {share.revoked ? (
          <span className="block truncate text-sm text-neutral-500 line-through dark:text-neutral-400">{share.title}</span>
        ) : (
          <a href={share.url} target="_blank" rel="noopener noreferrer" className="block truncate text-sm text-neutral-900 hover:text-primary dark:text-neutral-100">
            {share.title}
          </a>
        )}
        <span className="flex items-center gap-2 text-xs text-neutral-500 dark:text-neutral-400">
          <span>{shareDate(share.created_at)}</span>
          <span>{t('mine.messages', { count: share.messageCount })}</span>
          <span className="inline-flex items-center gap-0.5">
            <Eye className="size-3" aria-hidden />
            {t('mine.views', { count: share.viewCount })}
          </span>
        </span>
      </div>
      {share.revoked ? (
        <span className="shrink-0 rounded-md bg-neutral-100 px-2 py-0.5 text-xs text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">{t('mine.revoked')}</span>
      ) : (
        <div className="flex shrink-0 items-center gap-1">
          <button type="button" onClick={() => void copy()} aria-label={`${t('mine.copy')}：${share.title}`} title={t('mine.copy')} className="inline-flex size-8 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800 dark:text-neutral-400 dark:hover:bg-neutral-800">
            <Copy className="size-4" aria-hidden />
          </button>
          <button type="button" onClick={onRevoke} className="h-8 rounded-lg px-2.5 text-sm text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10">
            {t('mine.revoke')}
          </button>
        </div>
      )}
    </li>
  );
}

/** 我的分享: the user's share links with their view counts; a live one can be copied or revoked. */
export function MySharesCard() {
  const { t } = useTranslation('share');
  const { t: tu } = useTranslation('user');
  const [list, setList] = useState<ShareItem[] | null>(null);
  const [asking, setAsking] = useState<ShareItem | null>(null);
  const [all, setAll] = useState(false);
  const load = useCallback(() => {
    fetchMyShares()
      .then(setList)
      .catch(() => setList((l) => l ?? []));
  }, []);
  useEffect(load, [load]);
  const revoke = (id: number) => {
    revokeShare(id)
      .then(() => {
        toast.success(t('mine.revokeDone'));
        load();
      })
      .catch(() => {});
  };
  const shown = all ? (list ?? []) : (list ?? []).slice(0, SHOWN);

  return (
    <div className="md:col-span-2" data-testid="my-shares">
      <Card title={t('mine.title')}>
        {list === null ? (
          <div className="flex flex-col gap-2" aria-hidden>
            {[0, 1].map((i) => (
              <div key={i} className="h-12 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <p className="py-2 text-sm text-neutral-500 dark:text-neutral-400">{t('mine.empty')}</p>
        ) : (
          <>
            <ul className="-mx-2 flex flex-col">
              {shown.map((s) => (
                <Row key={s.id} share={s} onRevoke={() => setAsking(s)} />
              ))}
            </ul>
            {list.length > SHOWN && (
              <button type="button" onClick={() => setAll((v) => !v)} className="mt-1 text-sm text-primary-fg hover:underline">
                {all ? t('mine.less') : t('mine.more', { count: list.length })}
              </button>
            )}
          </>
        )}
        <ConfirmDialog
          open={asking !== null}
          title={t('mine.revokeTitle')}
          description={t('mine.revokeLine')}
          confirmLabel={t('mine.revoke')}
          cancelLabel={tu('profile.cancel')}
          onConfirm={() => asking && revoke(asking.id)}
          onClose={() => setAsking(null)}
        />
      </Card>
    </div>
  );
}
