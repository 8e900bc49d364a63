import { Drawer } from '../../../components/Drawer.tsx';
import { useDocUi } from '../stores/ui-store.ts';
import { DocSidebar } from './DocSidebar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The document list as a left drawer where its column does not fit (below lg). Lazy: Radix loads on first open. */
export default function DocDrawer() {
  const { t } = useTranslation('document');
  const open = useDocUi((s) => s.drawerOpen);
  const close = () => useDocUi.getState().set({ drawerOpen: false });
  return (
    <Drawer open={open} onClose={close} title={t('myDocs')}>
      <DocSidebar onPicked={close} />
    </Drawer>
  );
}
