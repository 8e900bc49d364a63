import { useMemo } from 'react';
import { useSession } from '../../../lib/session.ts';
import { canRetry } from '../logic/retry.ts';
import { buildTree, siblingsOf } from '../logic/tree.ts';
import { useChat } from '../stores/chat-store.ts';
import type { ChatItem } from '../types.ts';
import type { MessageItemProps } from './MessageItem.tsx';

export interface ListProps {
  items: ChatItem[];
  modelCode: string;
  generating: boolean;
  mobile: boolean;
  scrollRef: React.RefObject<HTMLDivElement | null>;
  /** Receives the element that holds the messages (its size drives follow-the-bottom and export). */
  contentRef: (el: HTMLDivElement | null) => void;
}

export const rowClass = 'mx-auto w-full max-w-3xl px-3 md:px-6';

/** Props of each row, built so that MessageItem's memo holds for every row but the one that changed. */
export function useRowProps(items: ChatItem[], modelCode: string, generating: boolean, mobile: boolean) {
  const userAvatar = useSession((s) => s.userInfo?.avatar) || null;
  const branches = useChat((s) => s.branches);
  const tree = useMemo(() => buildTree(branches), [branches]);
  const lastIndex = items.length - 1;
  return (item: ChatItem, index: number): MessageItemProps => {
    const isLastReply = index === lastIndex && !item.inversion;
    // Where the message stands among its siblings (‹ i/n ›), as numbers so the row's memo holds.
    const { index: branchIndex, count: branchCount } = item.id === null ? { index: 0, count: 1 } : siblingsOf(tree, item.id);
    // Only the last reply cares whether a reply is being generated: the others never re-render for it.
    return { item, isLastReply, showRetry: canRetry(item.model || modelCode, isLastReply), generating: isLastReply && generating, userAvatar, mobile, branchIndex, branchCount };
  };
}
