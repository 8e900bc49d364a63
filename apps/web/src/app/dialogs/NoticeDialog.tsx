import { Megaphone } from 'lucide-react';
import { Modal, modalButton } from '../../components/Modal.tsx';
import { SimpleMarkdown } from '../../components/SimpleMarkdown.tsx';
import { useSession } from '../../lib/session.ts';
import { hideNotice } from './useNoticeAutoOpen.ts';
import '../locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** SPEC §4.9: the announcement, with 我知道了 (close) and 不再提示 (close and never show this notice again). */
export default function NoticeDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('app');
  const notice = useSession((s) => s.globalConfig?.notice);
  if (!notice) return null;
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      widthClass="md:w-[480px]"
      hideClose
      title={
        <span className="flex items-center gap-2">
          <Megaphone className="size-[18px] text-primary-fg" aria-hidden />
          {notice.title || t('notice.title')}
        </span>
      }
      footer={
        <>
          <button
            type="button"
            className={modalButton.secondary}
            onClick={() => {
              hideNotice(notice.id);
              onClose();
            }}
          >
            {t('notice.hide')}
          </button>
          <button type="button" className={modalButton.primary} onClick={onClose} autoFocus>
            {t('notice.ok')}
          </button>
        </>
      }
    >
      <SimpleMarkdown source={notice.content || notice.noticeInfo} />
    </Modal>
  );
}
