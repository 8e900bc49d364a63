import { useTranslation } from 'react-i18next';
import { StoreView } from './components/StoreView.tsx';
import './locales.ts';

/** /app-expert: the simulated experts, listed like the store; a card opens /talk-expert. */
export default function AppExpertPage() {
  const { t } = useTranslation('apps');
  return <StoreView variant="desktop" kind="expert" title={t('expert.title')} subtitle={t('expert.subtitle')} allowCreate={false} idPrefix="app-expert" />;
}
