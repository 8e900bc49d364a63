import { rememberBranch } from '../api.ts';
import { buildTree, switchTarget } from '../logic/tree.ts';
import { useChat } from '../stores/chat-store.ts';

/**
 * ‹ / › on a message: shows the previous or next branch at that point (its newest path) and
 * remembers it on the server, so a reload or another device opens the same branch.
 */
export async function switchBranch(key: string, step: -1 | 1) {
  const chat = useChat.getState();
  if (chat.generating) return;
  const item = chat.chatList.find((m) => m.key === key);
  if (!item || item.id === null) return;
  const target = switchTarget(buildTree(chat.branches), item.id, step);
  if (target === null) return;
  chat.showBranch(target);
  if (chat.active > 0) await rememberBranch(chat.active, target).catch(() => {});
}
