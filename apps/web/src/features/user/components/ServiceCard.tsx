import { Headset } from 'lucide-react';
import { useSession } from '../../../lib/session.ts';
import { Card } from './Card.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** SPEC §2.4: the customer-service QR, in the user centre as in the sidebar (only when configured). */
export function ServiceCard() {
  const { t } = useTranslation('user');
  const qrcode = useSession((s) => s.website?.website.customer_service_qrcode);
  if (!qrcode) return null;
  return (
    <Card title={t('service.title')}>
      <div className="flex items-center gap-4">
        <img src={qrcode} alt={t('service.qr')} className="size-28 shrink-0 rounded-lg border border-neutral-200 bg-white object-contain p-1 dark:border-neutral-700" loading="lazy" />
        <p className="flex items-center gap-2 text-sm text-neutral-600 dark:text-neutral-300">
          <Headset className="size-4 shrink-0" aria-hidden />
          {t('service.scan')}
        </p>
      </div>
    </Card>
  );
}
