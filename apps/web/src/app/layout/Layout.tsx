import { Outlet } from 'react-router';
import { DialogHost } from '../dialogs/DialogHost.tsx';
import { useNoticeAutoOpen } from '../dialogs/useNoticeAutoOpen.ts';
import { useGuestOrderBinding } from '../../features/billing/hooks/useGuestOrderBinding.ts';
import { useBoot } from '../boot.ts';
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
  useNoticeAutoOpen();
  useGuestOrderBinding();

  if (status === 'loading') return <LoadingScreen />;
  if (status === 'error') return <LoadFailedScreen message={failure} onRetry={() => void retry()} />;

  return (
    <div className="flex h-full overflow-hidden">
      <DesktopSidebar />
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
