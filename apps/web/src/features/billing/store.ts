import { create } from 'zustand';
import { isMobileViewport } from '../../lib/env.ts';
import { useSession } from '../../lib/session.ts';

interface BillingState {
  /** The package the pay dialog (SPEC §4.4) is for; null = the first one on sale. */
  payPackageId: number | null;
  /** The package preselected in the purchase dialog; null = the first. */
  purchasePackageId: number | null;
  /** Opens the pay dialog for a package (desktop), or the mobile purchase sheet preselected with it. */
  buy(packageId: number): void;
}

export const useBilling = create<BillingState>((set) => ({
  payPackageId: null,
  purchasePackageId: null,
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
