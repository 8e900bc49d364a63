import { StoreView } from './components/StoreView.tsx';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** /app-store: every template app and expert, by category, with search and my apps. */
export default function AppStorePage() {
  const { t } = useTranslation('apps');
  return <StoreView variant="desktop" title={t('store.title')} subtitle={t('store.subtitle')} allowCreate idPrefix="app-store" />;
}
