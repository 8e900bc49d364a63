import { useCallback } from 'react';
import { useSearchParams } from '../../../lib/router/index.tsx';
import { selectGroup } from '../controller/groups.ts';
import { stopReply } from '../controller/run.ts';
import { useChat } from '../stores/chat-store.ts';

/**
 * Which template/expert the screen shows: the one of the open history group, else the `id`
 * query parameter, else the first menu entry. Picking an entry starts a new session with it.
 */
export function useMenuSelection(field: 'templateId' | 'identityId', firstId: number | null) {
  const [params, setParams] = useSearchParams();
  const fromQuery = Number(params.get('id'));
  const queryId = Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : null;
  const groupId = useChat((s) => (s.active === 0 ? null : (s.groupList.find((g) => g.uuid === s.active)?.[field] ?? null)));
  const selectedId = groupId ?? queryId ?? firstId;

  const pick = useCallback(
    async (id: number) => {
      setParams({ id: String(id) }, { replace: true });
      if (useChat.getState().generating) await stopReply();
      await selectGroup(0);
    },
    [setParams],
  );
  return { selectedId, pick };
}
