import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useThemeSync } from '../lib/theme.ts';
import { bootOnce } from './boot.ts';
import { useConfigRefresh } from './useConfigRefresh.ts';
import { useDocumentHead } from './useDocumentHead.ts';
import { usePageTracking } from './usePageTracking.ts';
import { useSessionEvents } from './useSessionEvents.ts';

/** The route above every screen: starts the app once and keeps theme, head, session events and page tracking in step. */
export function Root() {
  useEffect(bootOnce, []);
  useThemeSync();
  useSessionEvents();
  useDocumentHead();
  usePageTracking();
  useConfigRefresh();
  return <Outlet />;
}
