import { StoreView } from './components/StoreView.tsx';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** /app-expert: the simulated experts, listed like the store; a card opens /talk-expert. */
export default function AppExpertPage() {
  const { t } = useTranslation('apps');
  return <StoreView variant="desktop" kind="expert" title={t('expert.title')} subtitle={t('expert.subtitle')} allowCreate={false} idPrefix="app-expert" />;
}
