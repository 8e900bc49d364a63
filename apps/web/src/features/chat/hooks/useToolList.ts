import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChatToolOption } from '@app/shared';
import { useSession } from '../../../lib/session.ts';
import { fetchChatTools } from '../api.ts';

/**
 * The tools a model offers the signed-in user (GET /api/chat/tools) are server state: a TanStack
 * query per model and user. The admin may enable, disable or reprice a tool at any time, so the list
 * is fetched again when stale on window focus and whenever the 工具 menu opens. What the user picked
 * stays in the tool store (stores/tool-store.ts).
 */
export const toolKeys = {
  all: ['chat', 'tools'] as const,
  list: (model: string, token: string | null) => ['chat', 'tools', model, token ?? ''] as const,
};

/** A catalogue changes rarely; a minute old is fresh enough for a mount or a model switch. */
export const TOOL_LIST_STALE_MS = 60_000;

const NONE: ChatToolOption[] = [];

export const toolListQuery = (model: string, token: string | null) => ({
  queryKey: toolKeys.list(model, token),
  queryFn: (): Promise<ChatToolOption[]> => fetchChatTools(model).then((r) => r.list),
  staleTime: TOOL_LIST_STALE_MS,
  refetchOnWindowFocus: true,
  enabled: !!model && !!token,
});

/**
 * The query client the lists live in, for what reads them outside React (the turn being sent). Bound
 * by every component showing a list (the composer's menu is on screen whenever a turn can be sent).
 */
let bound: QueryClient | null = null;
export function bindToolLists(client: QueryClient | null) {
  bound = client;
}

/** The tools `model` offers the signed-in user, as last fetched; undefined while unknown (or for a guest). */
export function cachedToolList(model: string): ChatToolOption[] | undefined {
  const token = useSession.getState().token;
  if (!token || !model) return undefined;
  return bound?.getQueryData<ChatToolOption[]>(toolKeys.list(model, token));
}

/**
 * The tools `model` offers the signed-in user (empty for a guest, for a model without tools, while
 * loading and when the list could not be fetched) and `refresh` to fetch it again now.
 */
export function useToolList(model: string | undefined): { list: ChatToolOption[]; refresh(): void } {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  useEffect(() => bindToolLists(client), [client]);
  // A guest has no lists: those of the user who left go.
  useEffect(() => {
    if (!token) client.removeQueries({ queryKey: toolKeys.all });
  }, [client, token]);
  const q = useQuery(toolListQuery(model ?? '', token));
  const list = token && model ? (q.data ?? NONE) : NONE;
  return {
    list,
    refresh: () => {
      if (token && model) void client.refetchQueries({ queryKey: toolKeys.list(model, token), exact: true });
    },
  };
}
