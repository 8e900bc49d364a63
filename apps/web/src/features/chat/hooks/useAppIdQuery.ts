import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { i18n } from '../../../lib/i18n.ts';
import { appKindOf } from '../api.ts';

/**
 * SPEC §2.1: the chat screens read `appId` from the query. On /talk it opens that app's own
 * chat screen (a template on /talk-temp, an expert on /talk-expert); an unknown id is said
 * once and dropped from the address.
 */
export function useAppIdQuery() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('appId');

  useEffect(() => {
    if (raw === null) return;
    const id = Number(raw);
    let gone = false;
    const drop = () => {
      if (gone) return;
      toast.error(i18n.t('chat:appNotFound'));
      setParams(
        (p) => {
          p.delete('appId');
          return p;
        },
        { replace: true },
      );
    };
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return drop();
    void appKindOf(id).then((kind) => {
      if (gone) return;
      if (!kind) return drop();
      void navigate(`${kind === 'template' ? '/talk-temp' : '/talk-expert'}?id=${id}`, { replace: true });
    });
    return () => {
      gone = true;
    };
  }, [raw, navigate, setParams]);
}
