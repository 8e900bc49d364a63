import { ArrowRight, Link2Off, RotateCcw } from 'lucide-react';
import { Link, useParams } from '../../lib/router/index.tsx';
import type { SharedMessage } from '@app/shared';
import { ReplyMarkdown } from '../../components/markdown/ReplyMarkdown.tsx';
import { RobotAvatar } from '../../components/RobotAvatar.tsx';
import { shareDate } from '../../components/share-sheet/format.ts';
import '../../components/share-sheet/locales.ts';
import { SharedConversationHeader } from './SharedConversationHeader.tsx';
import { useSharedConversation } from './hooks/useSharedConversation.ts';
import { useTranslation } from '../../lib/i18n.ts';

const cta =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full bg-primary px-6 text-[15px] font-medium text-white shadow-lg shadow-primary/20 transition-colors hover:bg-primary-hover';

function Message({ m }: { m: SharedMessage }) {
  const { t } = useTranslation('share');
  if (m.role === 'user')
    return (
      <div className="flex justify-end" data-role="user">
        <span className="sr-only">{t('page.you')}</span>
        <div className="max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-tr-md bg-neutral-100 px-4 py-2.5 text-[15px] leading-7 break-words [overflow-wrap:anywhere] md:max-w-[80%] dark:bg-neutral-800">
          {m.text}
        </div>
      </div>
    );
  return (
    <div className="flex items-start gap-2.5 md:gap-3" data-role="assistant">
      <RobotAvatar />
      <div className="min-w-0 flex-1 pt-0.5">
        <span className="sr-only">{t('page.robot')}</span>
        <ReplyMarkdown text={m.text} />
      </div>
    </div>
  );
}

function Skeleton() {
  const { t } = useTranslation('share');
  return (
    <div className="flex flex-col gap-6" role="status" aria-label={t('page.loading')}>
      <div className="h-8 w-2/3 animate-pulse rounded-lg bg-neutral-100 dark:bg-neutral-800" />
      <div className="ml-auto h-10 w-2/5 animate-pulse rounded-2xl bg-neutral-100 dark:bg-neutral-800" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-3.5 animate-pulse rounded bg-neutral-100 dark:bg-neutral-800" style={{ width: `${90 - i * 15}%` }} />
      ))}
    </div>
  );
}

/** /s/:token — a shared conversation, read-only and public: the site's header, the messages, a way into the app. */
export default function SharedConversationPage() {
  const { t } = useTranslation('share');
  const { token = '' } = useParams();
  const { siteName, share, gone, failed, retry } = useSharedConversation(token);

  return (
    <div className="flex min-h-full flex-col">
      <SharedConversationHeader siteName={siteName} />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 pt-4 pb-32 md:px-6 md:pt-8">
        {gone ? (
          <div className="flex flex-col items-center py-20 text-center">
            <span className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-fg">
              <Link2Off className="size-7" strokeWidth={1.7} aria-hidden />
            </span>
            <h1 className="text-xl font-semibold tracking-tight">{t('page.goneTitle')}</h1>
            <p className="mt-2 max-w-sm text-sm text-neutral-500 dark:text-neutral-400">{t('page.goneLine')}</p>
            <Link to="/talk" className={`${cta} mt-6`}>
              {t('page.goneAction', { site: siteName })}
            </Link>
          </div>
        ) : failed ? (
          <div className="flex flex-col items-center py-20 text-center" role="alert">
            <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('page.error')}</p>
            <button type="button" onClick={retry} className="mt-4 inline-flex h-9 items-center gap-1.5 rounded-full border border-neutral-200 px-4 text-sm dark:border-neutral-700">
              <RotateCcw className="size-4" aria-hidden />
              {t('page.retry')}
            </button>
          </div>
        ) : !share ? (
          <Skeleton />
        ) : (
          <article>
            <h1 className="text-xl font-semibold leading-8 tracking-tight break-words md:text-2xl">{share.title}</h1>
            <p className="mt-1.5 text-[13px] text-neutral-500 dark:text-neutral-400">{t('page.meta', { date: shareDate(share.created_at), count: share.viewCount })}</p>
            <div className="mt-6 flex flex-col gap-7 border-t border-neutral-100 pt-6 dark:border-neutral-800">
              {share.messages.map((m, i) => (
                <Message key={i} m={m} />
              ))}
            </div>
            <p className="mt-10 text-center text-xs text-neutral-500 dark:text-neutral-400">{t('page.notice')}</p>
          </article>
        )}
      </main>
      {share && (
        <div className="pointer-events-none fixed inset-x-0 bottom-0 flex justify-center bg-gradient-to-t from-white via-white/90 to-transparent px-4 pt-10 pb-[max(1.25rem,env(safe-area-inset-bottom))] dark:from-neutral-950 dark:via-neutral-950/90">
          <Link to="/talk" className={`${cta} pointer-events-auto`}>
            {t('page.open', { site: siteName })}
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      )}
    </div>
  );
}
