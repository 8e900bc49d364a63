import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SITE_NAME_DEFAULT } from '@app/shared/constants';
import { fetchShare } from '../../../components/share-sheet/api.ts';
import { ApiError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The shared conversation behind `token`: the snapshot, whether the link is gone (404), and the document title it sets. */
export function useSharedConversation(token: string) {
  const { t } = useTranslation('share');
  const siteName = useSession((s) => s.globalConfig?.siteName) || SITE_NAME_DEFAULT;
  const query = useQuery({ queryKey: ['share', token], queryFn: () => fetchShare(token), retry: false, staleTime: Infinity });
  const gone = query.error instanceof ApiError && query.error.code === 404;
  const title = query.data?.title;

  // After the layout's own title (effects of parents run after those of children).
  useEffect(() => {
    const next = title ? `${title} - ${siteName}` : gone ? `${t('page.goneTitle')} - ${siteName}` : null;
    if (next) queueMicrotask(() => (document.title = next));
  }, [title, gone, siteName, t]);

  return { siteName, share: query.data, gone, failed: query.isError && !gone, retry: () => void query.refetch() };
}
