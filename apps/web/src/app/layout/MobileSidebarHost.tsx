import { lazy, Suspense, useState } from 'react';
import { useMobileSidebar } from '../../lib/mobile-sidebar.ts';

const MobileSidebar = lazy(() => import('./MobileSidebar.tsx'));

/** Mounts the drawer the first time it is opened, then keeps it for its close animation and state. */
export function MobileSidebarHost() {
  const open = useMobileSidebar((s) => s.open);
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <MobileSidebar />
    </Suspense>
  );
}
