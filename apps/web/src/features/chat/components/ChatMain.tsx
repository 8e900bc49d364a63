import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useKeyboardInset } from '../../../lib/useKeyboardInset.ts';
import { useStickToBottom } from '../../../lib/useStickToBottom.ts';
import { useChat } from '../stores/chat-store.ts';
import { useCurrentFeature } from '../stores/model-store.ts';
import { ChatFooter } from '../../../components/ChatFooter.tsx';
import { ChatHeader } from './ChatHeader.tsx';
import { ChatComposer } from './ChatComposer.tsx';
import { EmptyState } from './EmptyState.tsx';
import { MessageList } from './MessageList.tsx';
import { ScrollToBottom } from '../../../components/ScrollToBottom.tsx';
import { ReplyAnnouncer } from '../../../components/ReplyAnnouncer.tsx';
import { HistorySkeleton } from '../../../components/HistorySkeleton.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

interface ChatMainProps {
  mobile: boolean;
  /** Shown above the messages instead of the empty state (template form, expert introduction). */
  intro?: ReactNode;
  /** Shown below the messages (the expert chat's AI notice). */
  outro?: ReactNode;
  /** The input box (template and expert chat show it only after the first exchange). */
  composer?: boolean;
  /** Disables the model picker (template and expert chat after the first exchange). */
  lockModel?: boolean;
  /** The title of a new session. */
  newTitle?: string;
}

/** The conversation column: header, messages (or the empty state), input, footer. */
export function ChatMain({ mobile, intro, outro, composer = true, lockModel = false, newTitle }: ChatMainProps) {
  const { t } = useTranslation('chat');
  const active = useChat((s) => s.active);
  const listOf = useChat((s) => s.listOf);
  const chatList = useChat((s) => s.chatList);
  const generating = useChat((s) => s.generating);
  const loadingHistory = useChat((s) => s.historyLoading === s.active);
  const title = useChat((s) => s.groupList.find((g) => g.uuid === s.active)?.title) ?? newTitle ?? t('newChat');
  const feature = useCurrentFeature();
  const items = listOf === active ? chatList : [];

  const rootRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const keyboard = useKeyboardInset(rootRef);
  const { showButton, scrollToBottom } = useStickToBottom(scrollRef, content);
  const exportTarget = useCallback(() => content, [content]);

  // A new turn always brings the end into view.
  const last = items[items.length - 1];
  useEffect(() => {
    if (last?.loading) scrollToBottom();
  }, [last?.key, last?.loading, scrollToBottom]);

  const empty = items.length === 0;
  return (
    <div ref={rootRef} className="relative flex min-w-0 flex-1 flex-col" style={keyboard ? { paddingBottom: keyboard } : undefined}>
      <ChatHeader mobile={mobile} lockModel={lockModel} title={title} canExport={!empty && !generating} exportTarget={exportTarget} />
      <div className="relative min-h-0 flex-1">
        <div ref={scrollRef} className="h-full overflow-x-hidden overflow-y-auto overscroll-contain">
          {intro}
          {loadingHistory && empty ? <HistorySkeleton /> : empty ? (intro === undefined && <EmptyState />) : (
            <MessageList items={items} modelCode={feature?.code ?? ''} generating={generating} mobile={mobile} scrollRef={scrollRef} contentRef={setContent} />
          )}
          {!empty && outro}
        </div>
        <ScrollToBottom visible={showButton && !empty} onClick={() => scrollToBottom(true)} />
        <ReplyAnnouncer reply={last && !last.inversion ? last : undefined} />
      </div>
      <div className="shrink-0 pt-1 pb-2 md:pb-0">
        {composer && <ChatComposer mobile={mobile} onSent={scrollToBottom} />}
        {!mobile && <ChatFooter />}
      </div>
    </div>
  );
}
