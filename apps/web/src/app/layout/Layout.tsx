import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from '../../lib/router/index.tsx';
import { DialogHost } from '../dialogs/DialogHost.tsx';
import { useNoticeAutoOpen } from '../dialogs/useNoticeAutoOpen.ts';
import { useGuestOrderBinding } from '../../features/billing/hooks/useGuestOrderBinding.ts';
import { useIsMobile } from '../../lib/useIsMobile.ts';
import { useBoot, type BootStatus } from '../boot.ts';
import { isFirstFramePath, removeFirstFrame, saveFirstFrame } from '../../lib/first-frame.ts';
import { LoadFailedScreen, LoadingScreen } from './BootScreens.tsx';
import { Copyright } from './Copyright.tsx';
import { MobileSidebarHost } from './MobileSidebarHost.tsx';
import { MobileTabBar } from './MobileTabBar.tsx';
import { DesktopSidebar } from './Sidebar.tsx';
import { useQueryActions } from './useQueryActions.ts';

/** SPEC §2.3: side panel (desktop) or bottom bar and drawer (mobile), the routed screen, the hosted dialogs. */
export function Layout() {
  const status = useBoot((s) => s.status);
  const retry = useBoot((s) => s.start);
  const failure = useBoot((s) => s.failure);
  useQueryActions();
  useNoticeAutoOpen(status === 'ready');
  useGuestOrderBinding();
  useFirstFrame(status);
  // A phone does not draw the desktop sidebar (hidden below md): its menu and account panel are not rendered there at all.
  const mobile = useIsMobile();

  if (status === 'loading') return <LoadingScreen />;
  if (status === 'error') return <LoadFailedScreen message={failure} onRetry={() => void retry()} />;

  return (
    <div className="flex h-full overflow-hidden">
      {!mobile && <DesktopSidebar />}
      <div className="flex min-w-0 flex-1 flex-col">
        <main className="relative min-h-0 flex-1 overflow-y-auto">
          <Outlet />
        </main>
        <Copyright className="hidden py-1.5 md:block" />
        <MobileTabBar />
      </div>
      <MobileSidebarHost />
      <DialogHost />
    </div>
  );
}

/**
 * Issue 30: index.html's first frame (lib/first-frame.ts) goes in the commit that draws the real
 * screen (a layout effect: before that commit is painted); /talk's first screen, once painted, is
 * kept as the next visit's first frame.
 */
function useFirstFrame(status: BootStatus) {
  const { pathname } = useLocation();
  const drawn = status !== 'loading';
  useLayoutEffect(() => {
    // At / the screen is not drawn yet: / opens /talk, whose commit draws it.
    if (drawn && pathname !== '/') removeFirstFrame();
  }, [drawn, pathname]);
  useEffect(() => {
    if (status !== 'ready' || !isFirstFramePath(pathname)) return;
    const frame = requestAnimationFrame(() => saveFirstFrame());
    return () => cancelAnimationFrame(frame);
    // Only the first screen: later changes of the path are not this visit's first screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);
}
