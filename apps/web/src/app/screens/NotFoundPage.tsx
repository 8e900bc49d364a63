import { Compass } from 'lucide-react';
import { Link } from '../../lib/router/index.tsx';
import { StatusScreen, statusButton } from './StatusScreen.tsx';
import '../locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

export default function NotFoundPage() {
  const { t } = useTranslation('app');
  return (
    <StatusScreen code="404" icon={Compass} title={t('notFound.title')} line={t('notFound.line')}>
      <Link to="/" className={statusButton.primary}>
        {t('notFound.home')}
      </Link>
    </StatusScreen>
  );
}
