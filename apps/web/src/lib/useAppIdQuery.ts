import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from './router/index.tsx';
import { callRoute, endpoint } from './api.ts';
import { i18n } from './i18n.ts';
import { toast } from './toast.ts';
import './locales.ts';

export type AppKind = 'template' | 'expert';

const templateInfo = endpoint('apps.templateInfo', 'GET', '/api/template/info/:id');
const expertDetail = endpoint('apps.expertDetail', 'GET', '/api/app/detail/:id');

/** Whether an app id is a template (/talk-temp), an expert (/talk-expert) or neither. */
export async function appKindOf(id: number): Promise<AppKind | null> {
  const opts = { params: { id }, silent: true } as const;
  if (await callRoute(templateInfo, undefined, opts).then(() => true, () => false)) return 'template';
  if (await callRoute(expertDetail, undefined, opts).then(() => true, () => false)) return 'expert';
  return null;
}

export interface AppIdHere {
  /** The kind of app this screen shows itself. */
  kind: AppKind;
  /** Opens one of its own apps in place (and drops `appId` from the address). */
  open(id: number): void;
}

/**
 * SPEC §2.1: every chat screen (/talk, /talk-temp, /talk-expert, /talk-file) reads `appId` from
 * the query and opens that app's chat: in place when the screen shows that kind (`here`), else on
 * its own screen (a template on /talk-temp, an expert on /talk-expert). An unknown id is said
 * once and dropped from the address.
 */
export function useAppIdQuery(here?: AppIdHere) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('appId');
  const hereRef = useRef(here);
  useEffect(() => {
    hereRef.current = here;
  });

  useEffect(() => {
    if (raw === null) return;
    const id = Number(raw);
    let gone = false;
    const drop = () => {
      if (gone) return;
      toast.error(i18n.t('common:appNotFound'));
      setParams(
        (p) => {
          p.delete('appId');
          return p;
        },
        { replace: true },
      );
    };
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return drop();
    void appKindOf(id).then((kind) => {
      if (gone) return;
      if (!kind) return drop();
      const own = hereRef.current;
      if (own?.kind === kind) return own.open(id);
      void navigate(`${kind === 'template' ? '/talk-temp' : '/talk-expert'}?id=${id}`, { replace: true });
    });
    return () => {
      gone = true;
    };
  }, [raw, navigate, setParams]);
}
