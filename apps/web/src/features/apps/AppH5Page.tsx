import { StoreView } from './components/StoreView.tsx';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** /app-h5: the mobile app square — the store's data in a thumb-friendly single column. */
export default function AppH5Page() {
  const { t } = useTranslation('apps');
  return <StoreView variant="mobile" title={t('h5.title')} allowCreate idPrefix="app-h5" />;
}
