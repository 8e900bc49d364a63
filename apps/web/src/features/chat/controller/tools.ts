import type { ChatStreamEvent } from '@app/shared';
import { confirmToolCall } from '../api.ts';
import { cachedToolList } from '../hooks/useToolList.ts';
import { applyToolStep } from '../logic/tool-steps.ts';
import { useChat } from '../stores/chat-store.ts';
import { pickedOf, useToolStore } from '../stores/tool-store.ts';
import { chatRun } from './run.ts';

/**
 * The `onEvent` part of a chat run that keeps the reply's tool steps: a `tool` event adds the call or
 * replaces its earlier state (same id); a `resume` event brings every call so far.
 */
export function followTools(replyKey: string) {
  return (e: ChatStreamEvent) => {
    if (e.type === 'tool') {
      const item = useChat.getState().chatList.find((m) => m.key === replyKey);
      useChat.getState().patchMessage(replyKey, { tools: applyToolStep(item?.tools, e.step) });
    } else if (e.type === 'resume' && e.tools?.length) {
      useChat.getState().patchMessage(replyKey, { tools: e.tools });
    }
  };
}

/**
 * What chat/create's `tools` gets for a turn of conversation `uuid` on `model`: the pick, less the
 * tools the model no longer lists (as last fetched); none while the list is unknown.
 */
export function toolsForTurn(uuid: number, model: string): string[] {
  return pickedOf(useToolStore.getState().picks, uuid, cachedToolList(model));
}

/**
 * The user's answer to a call waiting in `confirm`: POST /api/chat/tools/confirm with the secret of
 * the chat turn in flight. Resolves false when there is no such turn or the server refused it.
 */
export async function answerToolCall(id: string, allow: boolean): Promise<boolean> {
  const secret = chatRun()?.secret;
  if (!secret) return false;
  try {
    await confirmToolCall({ secret, id, allow });
    return true;
  } catch {
    return false;
  }
}
