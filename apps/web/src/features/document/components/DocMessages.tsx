import { memo, useEffect } from 'react';
import { AlertCircle, BookOpen, RotateCcw } from 'lucide-react';
import type { DocumentCitation, DocumentOption } from '@app/shared';
import { Avatar } from '../../../components/Avatar.tsx';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { ReplyMarkdown } from '../../../components/markdown/ReplyMarkdown.tsx';
import { RobotAvatar } from '../../../components/RobotAvatar.tsx';
import { useSession } from '../../../lib/session.ts';
import { retryAnswer } from '../controller/ask.ts';
import { citationPlaces, findOption, needsQuestion, optionLabel } from '../logic/options.ts';
import { useDocuments } from '../stores/document-store.ts';
import type { DocItem } from '../types.ts';
import { useTranslation } from '../../../lib/i18n.ts';

function Thinking() {
  const { t } = useTranslation('document');
  return (
    <div className="flex h-7 items-center gap-2 text-[13px] text-neutral-400" role="status">
      <span className="flex items-center gap-1" aria-hidden>
        {[0, 1, 2].map((i) => (
          <span key={i} className="size-1.5 animate-pulse rounded-full bg-current" style={{ animationDelay: `${i * 160}ms` }} />
        ))}
      </span>
      {t('thinking')}
    </div>
  );
}

/** SPEC: where the answer came from — page N or a section — as small chips under the text. */
export function Citations({ citations }: { citations: DocumentCitation[] }) {
  const { t } = useTranslation('document');
  const places = citationPlaces(citations);
  if (places.length === 0) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5" data-testid="citations">
      <span className="inline-flex items-center gap-1 text-xs text-neutral-400 dark:text-neutral-500">
        <BookOpen className="size-3.5" aria-hidden />
        {t('citations')}
      </span>
      <ul className="contents">
        {places.map((p) => {
          const label = [p.page !== null ? t('citePage', { page: p.page }) : null, p.section].filter(Boolean).join(' · ');
          return (
            <li key={p.key} title={label} className="inline-flex h-6 max-w-[16rem] items-center rounded-full border border-neutral-200 bg-neutral-50 px-2.5 text-xs text-neutral-600 dark:border-neutral-700/70 dark:bg-neutral-800/60 dark:text-neutral-300">
              <span className="truncate">{label}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReplyBody({ item }: { item: DocItem }) {
  const live = useDocuments((s) => (item.loading && s.live?.key === item.key ? s.live.text : null));
  const text = live ?? item.text;
  return text ? <ReplyMarkdown text={text} streaming={live !== null} /> : item.loading ? <Thinking /> : null;
}

interface RowProps {
  item: DocItem;
  actions: DocumentOption[];
  languages: DocumentOption[];
  mobile: boolean;
}

const AssistantMessage = memo(function AssistantMessage({ item, actions }: RowProps) {
  const { t } = useTranslation('document');
  return (
    <div className="group flex items-start gap-2.5 md:gap-3" data-role="assistant">
      <RobotAvatar />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 pt-0.5">
        <span className="sr-only">{t('robot')}</span>
        <ReplyBody item={item} />
        {item.status === 'error' && !item.loading && (
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-500/10 dark:text-red-300" role="alert">
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <AlertCircle className="size-4 shrink-0" aria-hidden />
              <span className="min-w-0">{item.error || t('streamCut')}</span>
            </span>
            <button
              type="button"
              data-export-ignore
              onClick={() => void retryAnswer(item.key, (a) => needsQuestion(findOption(actions, a)))}
              className="inline-flex h-7 items-center gap-1 rounded-lg px-2 font-medium hover:bg-red-100 dark:hover:bg-red-500/15"
            >
              <RotateCcw className="size-3.5" aria-hidden />
              {t('retry')}
            </button>
          </div>
        )}
        {!item.loading && <Citations citations={item.citations} />}
        {item.status === 'stopped' && !item.loading && <p className="text-xs text-neutral-400">{t('stopped')}</p>}
        {!item.loading && item.text && (
          <div data-export-ignore className="-ml-1.5 flex items-center gap-0.5">
            <CopyButton text={item.text} label={t('copy')} />
          </div>
        )}
      </div>
    </div>
  );
});

const UserMessage = memo(function UserMessage({ item, actions, languages, mobile }: RowProps) {
  const { t } = useTranslation('document');
  const avatar = useSession((s) => s.userInfo?.avatar) || null;
  return (
    <div className="flex flex-row-reverse items-start gap-2.5 md:gap-3" data-role="user">
      <Avatar src={avatar} size={mobile ? 32 : 42} />
      <div className="flex min-w-0 max-w-[85%] flex-col items-end md:max-w-[80%]">
        <span className="sr-only">{t('you')}</span>
        <div className="max-w-full rounded-2xl rounded-tr-md bg-neutral-100 px-4 py-2.5 dark:bg-neutral-800">
          <p className="flex flex-wrap items-center justify-end gap-1.5 text-xs leading-5">
            <span className="rounded-md bg-primary-soft px-1.5 font-medium text-primary-fg" data-testid="message-action">
              {optionLabel(actions, item.action)}
            </span>
            {item.language && <span className="text-neutral-400 dark:text-neutral-500">{optionLabel(languages, item.language)}</span>}
          </p>
          {item.text && <p className="mt-1 text-[15px] leading-7 whitespace-pre-wrap break-words [overflow-wrap:anywhere]">{item.text}</p>}
        </div>
      </div>
    </div>
  );
});

interface ListProps {
  items: DocItem[];
  actions: DocumentOption[];
  languages: DocumentOption[];
  mobile: boolean;
  scrollRef: React.RefObject<HTMLDivElement | null>;
  contentRef: (el: HTMLDivElement | null) => void;
}

/** The open document's questions and answers. */
export function DocMessageList({ items, actions, languages, mobile, scrollRef, contentRef }: ListProps) {
  const { t } = useTranslation('document');
  const first = items[0]?.key;
  // A conversation opens at its end.
  useEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [first, scrollRef]);
  return (
    <section aria-label={t('messages')} data-testid="document-messages">
      <div ref={contentRef} className="flex flex-col gap-6 py-5 md:gap-7 md:py-8">
        {items.map((item) => (
          <div key={item.key} className="mx-auto w-full max-w-3xl px-3 md:px-6">
            {item.role === 'user' ? (
              <UserMessage item={item} actions={actions} languages={languages} mobile={mobile} />
            ) : (
              <AssistantMessage item={item} actions={actions} languages={languages} mobile={mobile} />
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
