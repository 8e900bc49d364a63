import { useEffect } from 'react';
import { useLocation } from '../lib/router/index.tsx';
import { DEFAULT_LOCALE } from '@app/shared/constants';
import { i18n } from '../lib/i18n.ts';
import { LAYOUT_ROUTES } from './routes.ts';
import { withTracking } from './tracking-loader.ts';
import './locales.ts';

/** Logs every route change with the screen's Chinese title as its description. */
export function usePageTracking() {
  const { pathname } = useLocation();
  useEffect(() => {
    const route = LAYOUT_ROUTES.find((r) => r.path === pathname);
    const desc = route ? i18n.t(`app:${route.titleKey}`, { lng: DEFAULT_LOCALE }) : '';
    withTracking((t) => t.trackPage(pathname, desc));
  }, [pathname]);
}
