import { useState } from 'react';
import type { PackageItem } from '@app/shared';
import { activityOnce } from '../activity.ts';
import { useDesktop } from '../hooks/useDesktop.ts';
import '../locales.ts';
import { MembershipDialog } from './MembershipDialog.tsx';
import { MobilePurchase } from './MobilePurchase.tsx';
import { PromoDialog } from './PromoDialog.tsx';

/**
 * The goods/purchase dialog (SPEC §2.3, §4.5): the desktop membership dialog or the mobile
 * purchase sheet. Closing the desktop one without buying offers the activity package once.
 */
export default function GoodsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const desktop = useDesktop();
  const [promo, setPromo] = useState<PackageItem | null>(null);

  const closeWithPromo = () => {
    onClose();
    void activityOnce().then((pkg) => pkg && setPromo(pkg));
  };

  return (
    <>
      {desktop ? <MembershipDialog open={open} onClose={onClose} onDismiss={closeWithPromo} /> : <MobilePurchase open={open} onClose={onClose} />}
      {promo && <PromoDialog pkg={promo} onClose={() => setPromo(null)} />}
    </>
  );
}
