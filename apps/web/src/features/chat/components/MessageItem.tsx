import { lazy, memo, Suspense, useState } from 'react';
import { AlertCircle, RotateCcw } from 'lucide-react';
import { Avatar } from '../../../components/Avatar.tsx';
import { retryFailed } from '../controller/turns.ts';
import { ReplyMarkdown } from '../../../components/markdown/ReplyMarkdown.tsx';
import { useStreamText, useStreamThinking } from '../stores/stream-store.ts';
import type { ChatItem } from '../types.ts';
import { EditQuestion } from './EditQuestion.tsx';
import { MessageActions } from './MessageActions.tsx';
import { linkCitations } from '../logic/citations.ts';
import { RobotAvatar } from '../../../components/RobotAvatar.tsx';
import { ThinkingBlock } from './ThinkingBlock.tsx';
import { ToolSteps } from './ToolSteps.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

// Shown only on replies that searched the web or have branches: downloaded when one is on screen.
const ReplySources = lazy(() => import('./ReplySources.tsx').then((m) => ({ default: m.ReplySources })));
const Searching = lazy(() => import('./ReplySources.tsx').then((m) => ({ default: m.Searching })));
const BranchSwitcher = lazy(() => import('./BranchSwitcher.tsx').then((m) => ({ default: m.BranchSwitcher })));

export interface MessageItemProps {
  item: ChatItem;
  isLastReply: boolean;
  showRetry: boolean;
  generating: boolean;
  userAvatar: string | null;
  mobile: boolean;
  /** Among the message's siblings (branches at this point): 0-based index and count. */
  branchIndex: number;
  branchCount: number;
}

function Thinking() {
  const { t } = useTranslation('chat');
  return (
    <div className="flex h-7 items-center gap-1 text-neutral-400" role="status" aria-label={t('thinking')}>
      {[0, 1, 2].map((i) => (
        <span key={i} className="size-1.5 animate-pulse rounded-full bg-current" style={{ animationDelay: `${i * 160}ms` }} />
      ))}
    </div>
  );
}

/**
 * The reply body: live text while it streams (only this subscribes to the stream), else the saved
 * text. A failed reply offers retry by the action row's rule (SPEC §2.7: ai_35 models, last reply).
 */
function ReplyBody({ item, showRetry }: { item: ChatItem; showRetry: boolean }) {
  const { t } = useTranslation('chat');
  const live = useStreamText(item.loading ? item.key : null);
  const liveThinking = useStreamThinking(item.loading ? item.key : null);
  const sources = item.search?.sources;
  const text = live ?? (sources?.length ? linkCitations(item.text, sources) : item.text);
  const thinking = liveThinking ?? (item.thinking ? { text: item.thinking, ms: item.thinkingMs ?? 0, startedAt: undefined } : null);
  const tools = item.tools?.length ? item.tools : null;
  // A call in flight shows its own spinner.
  const callInFlight = !!tools?.some((s) => s.status === 'running' || s.status === 'confirm');
  return (
    <>
      {thinking && <ThinkingBlock text={thinking.text} ms={thinking.ms} startedAt={thinking.startedAt} />}
      {tools && <ToolSteps steps={tools} live={item.loading} model={item.model} />}
      {text ? (
        <ReplyMarkdown text={text} streaming={live !== null} />
      ) : item.loading && !thinking && !callInFlight ? (
        item.searching ? (
          <Suspense fallback={<Thinking />}>
            <Searching />
          </Suspense>
        ) : (
          <Thinking />
        )
      ) : null}
      {item.search && !item.loading && (
        <Suspense fallback={null}>
          <ReplySources search={item.search} anchor={`src-${item.key}`} />
        </Suspense>
      )}
      {item.error && (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300" role="alert">
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <AlertCircle className="size-4 shrink-0" aria-hidden />
            <span className="min-w-0">{item.errorText || t('streamCut')}</span>
          </span>
          {showRetry && (
            <button
              type="button"
              data-export-ignore
              onClick={() => void retryFailed(item.key)}
              className="inline-flex h-7 items-center gap-1 rounded-lg px-2 font-medium hover:bg-red-100 dark:hover:bg-red-500/15"
            >
              <RotateCcw className="size-3.5" aria-hidden />
              {t('retry')}
            </button>
          )}
        </div>
      )}
      {item.status === 'stopped' && !item.loading && !item.error && <p className="mt-1.5 text-xs text-neutral-400">{t('stopped')}</p>}
    </>
  );
}

function UserImages({ images }: { images: string[] }) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {images.map((src) => (
        <a key={src} href={src} target="_blank" rel="noopener noreferrer" aria-label={t('viewImage')} className="block overflow-hidden rounded-xl ring-1 ring-black/5 dark:ring-white/10">
          <img src={src} alt="" loading="lazy" className="size-24 object-cover md:size-28" />
        </a>
      ))}
    </div>
  );
}

/**
 * The user's message. Its copy / edit / delete sit beside the bubble on hover (desktop) and appear
 * under it after a tap (touch), so they never add height to the conversation; the ‹ i/n › of an
 * edited question stays under it.
 */
function UserMessage({ item, userAvatar, mobile, branchIndex, branchCount }: { item: ChatItem; userAvatar: string | null; mobile: boolean; branchIndex: number; branchCount: number }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const onEdit = item.id !== null ? () => setEditing(true) : undefined;
  const actions = <MessageActions item={item} isLastReply={false} showRetry={false} generating={false} onEdit={onEdit} />;
  return (
    <div className="group flex flex-row-reverse items-start gap-2.5 md:gap-3" data-role="user">
      <Avatar src={userAvatar} size={mobile ? 32 : 42} />
      <div className={editing ? 'flex min-w-0 flex-1 flex-col items-end gap-1.5' : 'flex min-w-0 max-w-[85%] flex-col items-end gap-1.5 md:max-w-[80%]'}>
        <span className="sr-only">{t('you')}</span>
        {editing ? (
          <EditQuestion item={item} mobile={mobile} onDone={() => setEditing(false)} />
        ) : (
          <div className="relative flex min-w-0 max-w-full flex-col items-end gap-1.5" onClick={mobile ? () => setOpen((o) => !o) : undefined}>
            {item.images.length > 0 && <UserImages images={item.images} />}
            {item.text && (
              <div className="max-w-full whitespace-pre-wrap rounded-2xl rounded-tr-md bg-neutral-100 px-4 py-2.5 text-[15px] leading-7 break-words [overflow-wrap:anywhere] dark:bg-neutral-800">
                {item.text}
              </div>
            )}
            {!mobile && <div className="absolute right-full bottom-0 mr-1">{actions}</div>}
          </div>
        )}
        {!editing && (branchCount > 1 || (mobile && open)) && (
          <div className="flex items-center gap-1">
            {mobile && open && actions}
            {branchCount > 1 && (
              <Suspense fallback={null}>
                <BranchSwitcher itemKey={item.key} index={branchIndex} count={branchCount} />
              </Suspense>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** One message row; memoised so a streamed frame re-renders only the reply that grows. */
export const MessageItem = memo(function MessageItem({ item, isLastReply, showRetry, generating, userAvatar, mobile, branchIndex, branchCount }: MessageItemProps) {
  const { t } = useTranslation('chat');
  if (item.inversion) return <UserMessage item={item} userAvatar={userAvatar} mobile={mobile} branchIndex={branchIndex} branchCount={branchCount} />;
  return (
    <div className="group flex items-start gap-2.5 md:gap-3" data-role="assistant">
      <RobotAvatar />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 pt-0.5">
        <span className="sr-only">{t('robot')}</span>
        <ReplyBody item={item} showRetry={showRetry} />
        {!(item.loading && !isLastReply) && (
          <div className="flex flex-wrap items-center gap-x-1">
            {branchCount > 1 && !item.loading && (
              <Suspense fallback={null}>
                <BranchSwitcher itemKey={item.key} index={branchIndex} count={branchCount} />
              </Suspense>
            )}
            <MessageActions item={item} isLastReply={isLastReply} showRetry={showRetry} generating={generating} />
          </div>
        )}
      </div>
    </div>
  );
});
