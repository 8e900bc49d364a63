import { useCallback, useEffect, useRef, useState } from 'react';
import { DOCUMENT_STATUS } from '@app/shared/constants';
import { ChatFooter } from '../../../components/ChatFooter.tsx';
import { ScrollToBottom } from '../../../components/ScrollToBottom.tsx';
import { useSession } from '../../../lib/session.ts';
import { useKeyboardInset } from '../../../lib/useKeyboardInset.ts';
import { useStickToBottom } from '../../../lib/useStickToBottom.ts';
import type { useDocLimits, useDocOptions } from '../hooks/useDocOptions.ts';
import { activeGroup, useDocuments } from '../stores/document-store.ts';
import { DocComposer } from './DocComposer.tsx';
import { DocHeader } from './DocHeader.tsx';
import { DocMessageList } from './DocMessages.tsx';
import { DocIntro, EmptyState, FailedPanel, ParsingPanel } from './Panels.tsx';
import { HistorySkeleton } from '../../../components/HistorySkeleton.tsx';

interface Props {
  mobile: boolean;
  options: ReturnType<typeof useDocOptions>;
  limits: ReturnType<typeof useDocLimits>;
}

/** The conversation column: header, the open document's messages (or its state), the question box. */
export function DocMain({ mobile, options, limits }: Props) {
  const token = useSession((s) => s.token);
  const doc = useDocuments(activeGroup);
  const groupsCount = useDocuments((s) => s.groups.length);
  const listPending = useDocuments((s) => !s.groupsLoaded);
  const active = useDocuments((s) => s.active);
  const messagesOf = useDocuments((s) => s.messagesOf);
  const messages = useDocuments((s) => s.messages);
  const generating = useDocuments((s) => s.generating);
  const loadingHistory = useDocuments((s) => s.historyLoading !== null && s.historyLoading === s.active);
  const items = active !== null && messagesOf === active ? messages : [];

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
  let body: React.ReactNode;
  if (!token) body = <EmptyState accept={options.accept} maxMb={limits.maxMb} />;
  else if (listPending && groupsCount === 0) body = <HistorySkeleton questionHeight="h-14" />;
  else if (groupsCount === 0 || !doc) body = <EmptyState accept={options.accept} maxMb={limits.maxMb} />;
  else if (!empty)
    body = <DocMessageList items={items} actions={options.actions} languages={options.languages} mobile={mobile} scrollRef={scrollRef} contentRef={setContent} />;
  else if (doc.status === DOCUMENT_STATUS.FAILED) body = <FailedPanel doc={doc} />;
  else if (doc.status < DOCUMENT_STATUS.DONE) body = <ParsingPanel doc={doc} />;
  else if (loadingHistory || messagesOf !== active) body = <HistorySkeleton questionHeight="h-14" />;
  else body = <DocIntro doc={doc} actions={options.actions} language={options.language} />;

  return (
    <div ref={rootRef} className="relative flex min-w-0 flex-1 flex-col" style={keyboard ? { paddingBottom: keyboard } : undefined}>
      <DocHeader mobile={mobile} canExport={!empty && !generating} exportTarget={exportTarget} />
      <div className="relative min-h-0 flex-1">
        <div ref={scrollRef} className="h-full overflow-x-hidden overflow-y-auto overscroll-contain">
          {body}
        </div>
        <ScrollToBottom visible={showButton && !empty} onClick={() => scrollToBottom(true)} />
      </div>
      <div className="shrink-0 pt-1 pb-2 md:pb-0">
        <DocComposer mobile={mobile} options={options} onSent={scrollToBottom} />
        {!mobile && <ChatFooter />}
      </div>
    </div>
  );
}
