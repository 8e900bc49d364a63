import { useQuery } from '@tanstack/react-query';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { callRoute } from '../../../lib/api.ts';
import { catalogueEp } from '../api-catalogue.ts';
import { Badge, DataTable, type Column } from './ui.tsx';
import { fmtTime } from '../format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

type Key = Awaited<ReturnType<typeof fetchKeys>>['rows'][number];
const fetchKeys = (id: number) => callRoute(catalogueEp.cardBatchKeys, undefined, { params: { id } });

/** A card-key batch's keys: which were redeemed, by whom and when. */
export function CardRedemptionsDialog({ batch, onClose }: { batch: { id: number; name: string }; onClose(): void }) {
  const { t } = useTranslation('adminCatalogue');
  const keys = useQuery({ queryKey: ['admin', 'card-keys', batch.id, 'keys'], queryFn: () => fetchKeys(batch.id) });
  const columns: Column<Key>[] = [
    { key: 'code', title: t('cards.code'), render: (k) => <code className="break-all">{k.code}</code> },
    {
      key: 'by',
      title: t('cards.redeemedBy'),
      render: (k) => (k.redeemedBy === null ? <Badge tone="gray">{t('cards.notRedeemed')}</Badge> : `${k.nickname ?? ''} (#${k.redeemedBy})`),
    },
    { key: 'at', title: t('cards.redeemedAt'), render: (k) => fmtTime(k.redeemedAt) },
  ];
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('cards.redemptionsOf', { name: batch.name })}
      widthClass="md:w-[720px]"
      footer={
        <button type="button" className={modalButton.secondary} onClick={onClose}>
          {t('cards.close')}
        </button>
      }
    >
      <div className="max-h-[60vh] overflow-y-auto">{keys.data && <DataTable caption={t('cards.redemptions')} rows={keys.data.rows} columns={columns} rowKey={(k) => k.code} />}</div>
    </Modal>
  );
}
