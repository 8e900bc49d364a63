import { CloudOff } from 'lucide-react';
import { StatusScreen, statusButton } from './StatusScreen.tsx';
import '../locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** /500 and the router's error screen (a plain <a> home, since the router itself may be what failed). */
export default function ServerErrorPage() {
  const { t } = useTranslation('app');
  return (
    <StatusScreen code="500" icon={CloudOff} title={t('serverError.title')} line={t('serverError.line')}>
      <a href="/" className={statusButton.primary}>
        {t('serverError.home')}
      </a>
      <button type="button" onClick={() => location.reload()} className={statusButton.secondary}>
        {t('serverError.reload')}
      </button>
    </StatusScreen>
  );
}
