import { CalendarCheck, CreditCard, Crown, MessageCircle, Presentation, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Modal, modalButton } from '../../components/Modal.tsx';
import type { DialogKind } from '../../lib/session.ts';
import '../locales.ts';

export type PlaceholderKind = Exclude<DialogKind, 'notice'>;

const ICONS: Record<PlaceholderKind, LucideIcon> = {
  pay: CreditCard,
  goods: Crown,
  bindWechat: MessageCircle,
  signIn: CalendarCheck,
  ppt: Presentation,
};

/** Stands in for a dialog whose feature has not landed: its title and 即将上线. */
export default function PlaceholderDialog({ kind, open, onClose }: { kind: PlaceholderKind; open: boolean; onClose(): void }) {
  const { t } = useTranslation('app');
  const Icon = ICONS[kind];
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t(`dialog.title.${kind}`)}
      widthClass="md:w-[400px]"
      footer={
        <button type="button" className={modalButton.primary} onClick={onClose}>
          {t('dialog.gotIt')}
        </button>
      }
    >
      <div className="flex flex-col items-center gap-3 py-4 text-center">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-fg">
          <Icon className="size-7" strokeWidth={1.7} aria-hidden />
        </div>
        <span className="inline-flex items-center rounded-full bg-neutral-100 px-3 py-0.5 text-xs font-medium text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300">
          {t('comingSoon')}
        </span>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">{t('dialog.soonLine')}</p>
      </div>
    </Modal>
  );
}
