import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ImagePlus, MessageSquareText, X } from 'lucide-react';
import { clsx } from 'clsx';
import type { FeedbackItem } from '@app/shared';
import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_MAX_CHARS, FEEDBACK_MAX_IMAGES } from '@app/shared/constants';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { createFeedback, fetchFeedbacks, fetchFeedbackThread, replyFeedback } from '../api.ts';
import '../locales.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export const FEEDBACK_QUERY_KEY = ['feedback', 'list'] as const;
/** The user centre's unread marker (its own query; features do not import each other, they share the key). */
const UNREAD_QUERY_KEY = ['feedback', 'unread'] as const;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/bmp'];

type View = { name: 'list' } | { name: 'new' } | { name: 'thread'; id: number };

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN', { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false });
const errorText = (e: unknown, fallback: string) => (e instanceof ApiError && e.message ? e.message : fallback);
const textArea =
  'w-full resize-none rounded-xl border border-neutral-200 bg-white px-3 py-2.5 text-base leading-6 text-neutral-900 outline-none placeholder:text-neutral-500 focus:border-primary focus:ring-2 focus:ring-primary/20 md:text-sm dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100 dark:placeholder:text-neutral-400';

/** Feedback (SPEC §1): write with up to three pictures, the list with the operator's unread replies, a thread to follow up in. */
export default function FeedbackDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('growth');
  const list = useQuery({ queryKey: FEEDBACK_QUERY_KEY, queryFn: () => fetchFeedbacks(), enabled: open });
  const [view, setView] = useState<View | null>(null);
  // First open: the form when there is nothing yet, else the list.
  const shown: View = view ?? (list.data && list.data.rows.length === 0 ? { name: 'new' } : { name: 'list' });

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      widthClass="md:w-[520px]"
      title={
        <span className="flex items-center gap-2">
          <MessageSquareText className="size-[18px] text-primary-fg" aria-hidden />
          {t('feedback.title')}
        </span>
      }
    >
      {shown.name === 'new' ? (
        <NewFeedback canGoBack={!!list.data?.rows.length} onBack={() => setView({ name: 'list' })} onDone={(id) => setView({ name: 'thread', id })} />
      ) : shown.name === 'thread' ? (
        <Thread id={shown.id} onBack={() => setView({ name: 'list' })} />
      ) : list.isError ? (
        <div className="flex flex-col items-center gap-2 py-8 text-sm text-neutral-600 dark:text-neutral-300">
          {t('feedback.loadFailed')}
          <button type="button" className={modalButton.secondary} onClick={() => void list.refetch()}>
            {t('feedback.retry')}
          </button>
        </div>
      ) : (
        <FeedbackList rows={list.data?.rows} onOpen={(id) => setView({ name: 'thread', id })} onNew={() => setView({ name: 'new' })} />
      )}
    </Modal>
  );
}

function FeedbackList({ rows, onOpen, onNew }: { rows: FeedbackItem[] | undefined; onOpen(id: number): void; onNew(): void }) {
  const { t } = useTranslation('growth');
  return (
    <div className="flex flex-col gap-3 pb-3">
      <div className="flex items-center justify-between">
        <h3 className="text-sm font-medium text-neutral-700 dark:text-neutral-200">{t('feedback.mine')}</h3>
        <button type="button" onClick={onNew} className={modalButton.primary}>
          {t('feedback.new')}
        </button>
      </div>
      {!rows ? (
        <div className="flex flex-col gap-2" aria-hidden>
          {[0, 1].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <p className="py-8 text-center text-sm text-neutral-500 dark:text-neutral-400">{t('feedback.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {rows.map((f) => (
            <li key={f.id}>
              <button
                type="button"
                onClick={() => onOpen(f.id)}
                className="flex w-full flex-col gap-1.5 rounded-xl border border-neutral-200/80 px-3.5 py-3 text-left transition-colors hover:bg-neutral-50 dark:border-neutral-800 dark:hover:bg-neutral-800/60"
              >
                <span className="line-clamp-2 text-sm text-neutral-900 dark:text-neutral-100">{f.content}</span>
                <span className="flex items-center gap-2 text-xs text-neutral-500 dark:text-neutral-400">
                  <span
                    className={clsx(
                      'rounded-full px-2 py-0.5',
                      f.replied ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300' : 'bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300',
                    )}
                  >
                    {f.replied ? t('feedback.replied') : t('feedback.waiting')}
                  </span>
                  <span>{when(f.updatedAt)}</span>
                  {f.unread > 0 && <span className="ml-auto rounded-full bg-red-600 px-2 py-0.5 font-medium text-white">{t('feedback.unread', { count: f.unread })}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function NewFeedback({ canGoBack, onBack, onDone }: { canGoBack: boolean; onBack(): void; onDone(id: number): void }) {
  const { t } = useTranslation('growth');
  const qc = useQueryClient();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<{ file: File; url: string }[]>([]);
  useEffect(() => () => images.forEach((i) => URL.revokeObjectURL(i.url)), [images]);

  const add = (files: FileList | null) => {
    const picked: { file: File; url: string }[] = [];
    for (const file of Array.from(files ?? [])) {
      if (images.length + picked.length >= FEEDBACK_MAX_IMAGES) break;
      if (!IMAGE_TYPES.includes(file.type)) {
        toast.error(t('feedback.imageType'));
        continue;
      }
      if (file.size > FEEDBACK_IMAGE_MAX_BYTES) {
        toast.error(t('feedback.imageTooLarge'));
        continue;
      }
      picked.push({ file, url: URL.createObjectURL(file) });
    }
    if (picked.length) setImages((cur) => [...cur, ...picked]);
  };

  const submit = useMutation({
    mutationFn: () => createFeedback(content.trim(), images.map((i) => i.file)),
    onSuccess: async (item) => {
      toast.success(t('feedback.submitted'));
      await qc.invalidateQueries({ queryKey: FEEDBACK_QUERY_KEY });
      onDone(item.id);
    },
    onError: (e) => toast.error(errorText(e, t('feedback.loadFailed'))),
  });

  return (
    <form
      className="flex flex-col gap-3 pb-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (content.trim()) submit.mutate();
      }}
    >
      {canGoBack && <BackButton onClick={onBack} />}
      <div>
        <label htmlFor="feedback-content" className="sr-only">
          {t('feedback.title')}
        </label>
        <textarea
          id="feedback-content"
          rows={5}
          maxLength={FEEDBACK_MAX_CHARS}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          placeholder={t('feedback.placeholder')}
          className={textArea}
        />
        <p className="mt-1 text-right text-xs tabular-nums text-neutral-500 dark:text-neutral-400">{t('feedback.counter', { count: content.length, max: FEEDBACK_MAX_CHARS })}</p>
      </div>
      <div>
        <p className="mb-2 text-xs text-neutral-600 dark:text-neutral-300">{t('feedback.images', { count: FEEDBACK_MAX_IMAGES })}</p>
        <div className="flex flex-wrap gap-2">
          {images.map((img, i) => (
            <div key={img.url} className="relative size-20 overflow-hidden rounded-xl border border-neutral-200 dark:border-neutral-700">
              <img src={img.url} alt={t('feedback.imageAlt', { index: i + 1 })} className="size-full object-cover" />
              <button
                type="button"
                aria-label={t('feedback.removeImage', { index: i + 1 })}
                onClick={() => setImages((cur) => cur.filter((c) => c !== img))}
                className="absolute top-1 right-1 inline-flex size-6 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </div>
          ))}
          {images.length < FEEDBACK_MAX_IMAGES && (
            <label className="flex size-20 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-neutral-300 text-xs text-neutral-600 hover:border-primary hover:text-primary-fg focus-within:ring-2 focus-within:ring-primary/40 dark:border-neutral-600 dark:text-neutral-300">
              <ImagePlus className="size-5" aria-hidden />
              {t('feedback.addImage')}
              <input
                type="file"
                accept={IMAGE_TYPES.join(',')}
                multiple
                className="sr-only"
                onChange={(e) => {
                  add(e.target.files);
                  e.target.value = '';
                }}
              />
            </label>
          )}
        </div>
      </div>
      <button type="submit" disabled={!content.trim() || submit.isPending} className={clsx(modalButton.primary, 'disabled:opacity-50')}>
        {submit.isPending ? t('feedback.submitting') : t('feedback.submit')}
      </button>
    </form>
  );
}

function Thread({ id, onBack }: { id: number; onBack(): void }) {
  const { t } = useTranslation('growth');
  const qc = useQueryClient();
  const thread = useQuery({ queryKey: ['feedback', 'thread', id], queryFn: () => fetchFeedbackThread(id) });
  const [text, setText] = useState('');
  // Opening the thread marked its replies read: the list and the user centre's marker follow.
  useEffect(() => {
    if (!thread.data) return;
    void qc.invalidateQueries({ queryKey: FEEDBACK_QUERY_KEY });
    void qc.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
  }, [thread.data, qc]);
  const send = useMutation({
    mutationFn: () => replyFeedback(id, text.trim()),
    onSuccess: async () => {
      setText('');
      await qc.invalidateQueries({ queryKey: ['feedback'] });
    },
    onError: (e) => toast.error(errorText(e, t('feedback.loadFailed'))),
  });

  if (thread.isError) {
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-sm text-neutral-600 dark:text-neutral-300">
        {errorText(thread.error, t('feedback.loadFailed'))}
        <button type="button" className={modalButton.secondary} onClick={onBack}>
          {t('feedback.back')}
        </button>
      </div>
    );
  }
  const f = thread.data?.feedback;
  return (
    <div className="flex flex-col gap-3 pb-3">
      <BackButton onClick={onBack} />
      {!f ? (
        <div className="h-24 animate-pulse rounded-xl bg-neutral-100 dark:bg-neutral-800" aria-hidden />
      ) : (
        <ol className="flex flex-col gap-3" aria-label={t('feedback.title')}>
          <Bubble mine author={t('feedback.me')} at={f.createdAt} content={f.content} images={f.images} />
          {thread.data!.list.map((r) => (
            <Bubble key={r.id} mine={r.author === 'user'} author={r.author === 'user' ? t('feedback.me') : t('feedback.service')} at={r.createdAt} content={r.content} images={r.images} />
          ))}
        </ol>
      )}
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) send.mutate();
        }}
      >
        <label htmlFor="feedback-follow-up" className="text-xs text-neutral-600 dark:text-neutral-300">
          {t('feedback.followUp')}
        </label>
        <textarea
          id="feedback-follow-up"
          rows={2}
          maxLength={FEEDBACK_MAX_CHARS}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('feedback.followUpPlaceholder')}
          className={textArea}
        />
        <button type="submit" disabled={!text.trim() || send.isPending} className={clsx(modalButton.primary, 'self-end disabled:opacity-50')}>
          {t('feedback.send')}
        </button>
      </form>
    </div>
  );
}

function Bubble({ mine, author, at, content, images }: { mine: boolean; author: string; at: string; content: string; images: string[] }) {
  const { t } = useTranslation('growth');
  return (
    <li className={clsx('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      <span className="text-xs text-neutral-500 dark:text-neutral-400">
        {author} · {when(at)}
      </span>
      <div
        className={clsx(
          'max-w-[85%] rounded-2xl px-3.5 py-2.5 text-sm leading-6 whitespace-pre-wrap break-words',
          mine ? 'bg-primary text-white' : 'bg-neutral-100 text-neutral-900 dark:bg-neutral-800 dark:text-neutral-100',
        )}
      >
        {content}
      </div>
      {images.length > 0 && (
        <div className="flex gap-2">
          {images.map((url, i) => (
            <a key={url} href={url} target="_blank" rel="noreferrer" className="block size-16 overflow-hidden rounded-lg border border-neutral-200 dark:border-neutral-700">
              <img src={url} alt={t('feedback.imageAlt', { index: i + 1 })} className="size-full object-cover" loading="lazy" />
            </a>
          ))}
        </div>
      )}
    </li>
  );
}

function BackButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation('growth');
  return (
    <button type="button" onClick={onClick} className="-ml-1 inline-flex h-9 items-center gap-1 self-start rounded-lg px-1.5 text-sm text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800">
      <ChevronLeft className="size-4" aria-hidden />
      {t('feedback.back')}
    </button>
  );
}
