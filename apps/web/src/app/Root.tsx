import { useEffect } from 'react';
import { Outlet } from '../lib/router/index.tsx';
import { useThemeSync } from '../lib/theme.ts';
import { bootOnce } from './boot.ts';
import { DemoBanner } from './layout/DemoBanner.tsx';
import { useConfigRefresh } from './useConfigRefresh.ts';
import { useDocumentHead } from './useDocumentHead.ts';
import { usePageTracking } from './usePageTracking.ts';
import { useSessionEvents } from './useSessionEvents.ts';

/**
 * The route above every screen: starts the app once and keeps theme, head, session events and page
 * tracking in step. The demo banner sits here so every page shows it (DESIGN "demo mode"): the main
 * layout, /welcome, /admin, shared chats and the status pages alike.
 */
export function Root() {
  useEffect(bootOnce, []);
  useThemeSync();
  useSessionEvents();
  useDocumentHead();
  usePageTracking();
  useConfigRefresh();
  return (
    <div className="flex h-full flex-col overflow-hidden">
      <DemoBanner />
      <div className="min-h-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
