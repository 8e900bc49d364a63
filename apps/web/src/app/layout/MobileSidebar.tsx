import { useEffect } from 'react';
import { Dialog } from 'radix-ui';
import { useMobileSidebar } from '../../lib/mobile-sidebar.ts';
import { DrawerSidebar } from './Sidebar.tsx';
import '../locales.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** The sidebar as a left drawer over the screen on mobile (lazy: Radix loads only when first opened). */
export default function MobileSidebar() {
  const { t } = useTranslation('app');
  const open = useMobileSidebar((s) => s.open);
  const setOpen = useMobileSidebar((s) => s.setOpen);

  useEffect(() => {
    const mq = matchMedia('(min-width: 768px)');
    const onChange = () => mq.matches && setOpen(false);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [setOpen]);

  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay fixed inset-0 z-40 bg-black/40 md:hidden" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="drawer-content fixed inset-y-0 left-0 z-40 w-[280px] max-w-[85vw] shadow-xl outline-none md:hidden"
        >
          <Dialog.Title className="sr-only">{t('layout.mainNav')}</Dialog.Title>
          <DrawerSidebar onClose={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
