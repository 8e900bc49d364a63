import { Suspense, useState } from 'react';
import { lazyDialog } from './lazy-dialog.ts';
import type { DrawerProps } from './DrawerPanel.tsx';

const dialog = lazyDialog(() => import('./DrawerPanel.tsx').then((m) => m.DrawerPanel));
/** Loads the dialog's code now (tests render it at once after this). */
export const preloadDrawer = dialog.preload;
const DrawerPanel = dialog.Component;

/**
 * A screen's side list as a left drawer where its column does not fit (below lg). Radix is not in
 * the screen's first load: the drawer mounts the first time it opens, then stays mounted for its
 * close animation and state.
 */
export function Drawer(props: DrawerProps) {
  const [mounted, setMounted] = useState(props.open);
  if (props.open && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <DrawerPanel {...props} />
    </Suspense>
  );
}
