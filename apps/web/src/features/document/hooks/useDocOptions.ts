import { useQuery } from '@tanstack/react-query';
import type { DocumentOption } from '@app/shared';
import { DEFAULT_OUTPUT_LANGUAGE, DOCUMENT_ACCEPT_TYPES_DEFAULT, DOCUMENT_MAX_MB } from '@app/shared/constants';
import { useSession } from '../../../lib/session.ts';
import { fetchActions, fetchLanguages, fetchLimits } from '../api.ts';
import { resolveLanguage } from '../logic/options.ts';
import { useDocuments } from '../stores/document-store.ts';

const NONE: DocumentOption[] = [];

export const documentKeys = {
  actions: (token: string | null) => ['document', 'actions', token ?? ''] as const,
  languages: (token: string | null) => ['document', 'languages', token ?? ''] as const,
  limits: (token: string | null) => ['document', 'limits', token ?? ''] as const,
};

/**
 * SPEC §3 document chat: the actions, the accepted suffixes (the user's accept_types) and the
 * output languages. Asked only with a token (they depend on the user).
 */
export function useDocOptions() {
  const token = useSession((s) => s.token);
  const actionsQ = useQuery({ queryKey: documentKeys.actions(token), queryFn: fetchActions, enabled: !!token, staleTime: 10 * 60_000 });
  const languagesQ = useQuery({ queryKey: documentKeys.languages(token), queryFn: fetchLanguages, enabled: !!token, staleTime: 10 * 60_000 });
  const actions = actionsQ.data?.list ?? NONE;
  const languages = languagesQ.data?.list ?? NONE;
  const accept = actionsQ.data?.accept_types?.length ? actionsQ.data.accept_types : DOCUMENT_ACCEPT_TYPES_DEFAULT;
  const chosenAction = useDocuments((s) => s.action);
  const outLang = useDocuments((s) => s.outLang);
  const action = actions.find((a) => a.value === chosenAction) ?? actions[0] ?? null;
  const language = resolveLanguage(languages, languagesQ.data?.default ?? DEFAULT_OUTPUT_LANGUAGE, outLang);
  return { actions, languages, accept, action, language };
}

/** The upload limits (max size, used / limit) for the empty state and the dialog. */
export function useDocLimits() {
  const token = useSession((s) => s.token);
  const q = useQuery({ queryKey: documentKeys.limits(token), queryFn: fetchLimits, enabled: !!token, staleTime: 60_000 });
  return { maxMb: q.data ? Math.round(q.data.max_size / 1024 / 1024) : DOCUMENT_MAX_MB, used: q.data?.used ?? null, limit: q.data?.limit ?? null, accept: q.data?.accept_types ?? null };
}
