import { create } from 'zustand';

/**
 * The sidebar overlay on mobile (SPEC §2.3). The layout renders it; any screen header can
 * open it (components/SidebarToggle.tsx) without importing the layout.
 */
interface MobileSidebarState {
  open: boolean;
  setOpen(open: boolean): void;
}

export const useMobileSidebar = create<MobileSidebarState>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

export const openMobileSidebar = () => useMobileSidebar.getState().setOpen(true);
