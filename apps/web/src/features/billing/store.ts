import { create } from 'zustand';
import type { PackageItem } from '@app/shared';
import { isMobileViewport } from '../../lib/env.ts';
import { useSession } from '../../lib/session.ts';

interface BillingState {
  /** The package the pay dialog (SPEC §4.4) is for; null = the first one on sale. */
  payPackageId: number | null;
  /** The package preselected in the purchase dialog; null = the first. */
  purchasePackageId: number | null;
  /** Opens the pay dialog for a package (desktop), or the mobile purchase sheet preselected with it. */
  buy(packageId: number): void;
  /** A package outside the membership catalogue (a slide package), for the pay dialog. */
  payExtra: PackageItem | null;
  /** Opens the pay dialog for a slide package (the ppt dialog's 立即购买). */
  buyExtra(pkg: PackageItem): void;
}

export const useBilling = create<BillingState>((set) => ({
  payPackageId: null,
  purchasePackageId: null,
  payExtra: null,
  buyExtra(pkg) {
    set({ payPackageId: pkg.id, payExtra: pkg });
    useSession.getState().openDialog('pay');
  },
  buy(packageId) {
    if (isMobileViewport()) {
      set({ purchasePackageId: packageId });
      useSession.getState().openDialog('goods');
    } else {
      set({ payPackageId: packageId });
      useSession.getState().openDialog('pay');
    }
  },
}));
