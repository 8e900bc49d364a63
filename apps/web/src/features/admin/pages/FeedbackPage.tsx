import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ep } from '../api.ts';
import { Badge, btn, Card, input, PageTitle, Pager } from '../components/ui.tsx';
import { fmtTime } from '../format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const SIZE = 20;

/** Users' feedback: the ones waiting for an answer first, a thread to read and answer. */
export default function FeedbackPage() {
  const { t } = useTranslation('admin');
  const [awaiting, setAwaiting] = useState(true);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['admin', 'feedback', awaiting, page],
    queryFn: () => callRoute(ep.feedbacks, { page, size: SIZE, awaiting: awaiting ? '1' : undefined }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageTitle
        actions={
          <label className="flex items-center gap-2 text-sm text-neutral-700 dark:text-neutral-300">
            <input type="checkbox" checked={awaiting} onChange={(e) => (setAwaiting(e.target.checked), setPage(1))} />
            {t('feedback.awaitingOnly')}
          </label>
        }
      >
        {t('nav.feedback')}
      </PageTitle>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <Card>
          {list.data?.rows.length === 0 && <p className="py-6 text-center text-sm text-neutral-600 dark:text-neutral-400">{t('common.empty')}</p>}
          <ul className="flex flex-col gap-2">
            {list.data?.rows.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  onClick={() => setOpen(f.id)}
                  aria-current={open === f.id}
                  className={clsx(
                    'flex w-full flex-col gap-1 rounded-lg border px-3 py-2 text-left text-sm',
                    open === f.id ? 'border-primary bg-primary-soft' : 'border-neutral-200 hover:bg-neutral-50 dark:border-neutral-800 dark:hover:bg-neutral-800',
                  )}
                >
                  <span className="line-clamp-2">{f.content}</span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-neutral-600 dark:text-neutral-400">
                    {f.awaitingReply ? <Badge tone="red">{t('feedback.awaiting')}</Badge> : <Badge tone="green">{t('feedback.answered')}</Badge>}
                    {f.nickname} ({f.userId}) · {fmtTime(f.updatedAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {list.data && <Pager page={page} size={SIZE} total={list.data.count} onPage={setPage} />}
        </Card>
        {open !== null && <Thread id={open} />}
      </div>
    </>
  );
}

function Thread({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const thread = useQuery({ queryKey: ['admin', 'feedback', 'thread', id], queryFn: () => callRoute(ep.feedbackThread, undefined, { params: { id } }) });
  const reply = useMutation({
    mutationFn: () => callRoute(ep.feedbackReply, { id, content: text.trim() }),
    onSuccess: async () => {
      setText('');
      toast.success(t('feedback.sent'));
      await qc.invalidateQueries({ queryKey: ['admin', 'feedback'] });
    },
  });
  const f = thread.data?.feedback;
  return (
    <Card title={f ? `${f.nickname} (${f.userId})` : '…'}>
      {f && (
        <ol className="flex flex-col gap-3 text-sm">
          <li className="rounded-lg bg-neutral-100 p-3 dark:bg-neutral-800">
            <p className="mb-1 text-xs text-neutral-600 dark:text-neutral-400">{t('feedback.user')} · {fmtTime(f.createdAt)}</p>
            <p className="whitespace-pre-wrap break-words">{f.content}</p>
            {f.images.length > 0 && (
              <div className="mt-2 flex gap-2">
                {f.images.map((url, i) => (
                  <a key={url} href={url} target="_blank" rel="noreferrer">
                    <img src={url} alt={t('feedback.image', { index: i + 1 })} className="h-20 w-20 rounded border border-neutral-200 object-cover dark:border-neutral-700" />
                  </a>
                ))}
              </div>
            )}
          </li>
          {thread.data!.list.map((r) => (
            <li key={r.id} className={clsx('rounded-lg p-3', r.author === 'admin' ? 'ml-8 bg-primary-soft' : 'bg-neutral-100 dark:bg-neutral-800')}>
              <p className="mb-1 text-xs text-neutral-600 dark:text-neutral-400">
                {r.author === 'admin' ? t('feedback.service') : t('feedback.user')} · {fmtTime(r.createdAt)}
              </p>
              <p className="whitespace-pre-wrap break-words">{r.content}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        className="mt-4 flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) reply.mutate();
        }}
      >
        <label htmlFor="admin-feedback-reply" className="text-sm font-medium">
          {t('feedback.reply')}
        </label>
        <textarea id="admin-feedback-reply" rows={3} maxLength={1000} className={input} value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className={clsx(btn.primary, 'self-end')} disabled={!text.trim() || reply.isPending}>
          {t('feedback.send')}
        </button>
      </form>
    </Card>
  );
}
