import { useState } from 'react';
import { ZoomIn, ZoomOut } from 'lucide-react';
import { clsx } from 'clsx';
import type { DrawImageView } from '@app/shared';
import { Modal } from '../../../components/Modal.tsx';
import { actionIcon, ImageActions } from './ImageCard.tsx';
import '../locales.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The full-size image: fit to the window, or its own size (scrollable) at a click. */
export function PreviewDialog({ image, onClose }: { image: DrawImageView | null; onClose(): void }) {
  const { t } = useTranslation('draw');
  const [zoom, setZoom] = useState(false);
  return (
    <Modal
      open={!!image}
      onOpenChange={(o) => {
        if (!o) {
          setZoom(false);
          onClose();
        }
      }}
      title={t('image.preview')}
      widthClass="md:w-[min(92vw,1100px)]"
    >
      {image && (
        <div className="space-y-3 pb-2">
          <div
            className={clsx('relative rounded-xl bg-neutral-100 dark:bg-neutral-800', zoom ? 'max-h-[65vh] overflow-auto' : 'flex justify-center')}
            {...(zoom ? { tabIndex: 0, role: 'region', 'aria-label': t('image.preview') } : {})}
          >
            <img
              src={image.url}
              width={image.width}
              height={image.height}
              alt={image.prompt.slice(0, 80)}
              onClick={() => setZoom((z) => !z)}
              className={clsx(zoom ? 'max-w-none cursor-zoom-out' : 'max-h-[60vh] w-auto max-w-full cursor-zoom-in object-contain')}
            />
          </div>
          <div className="flex items-center justify-between gap-2">
            <button type="button" className={actionIcon} onClick={() => setZoom((z) => !z)} aria-label={t(zoom ? 'image.zoomOut' : 'image.zoomIn')} title={t(zoom ? 'image.zoomOut' : 'image.zoomIn')}>
              {zoom ? <ZoomOut className="size-4" aria-hidden /> : <ZoomIn className="size-4" aria-hidden />}
            </button>
            <span className="text-xs text-neutral-500 dark:text-neutral-400">
              {image.width} × {image.height}
            </span>
            <ImageActions image={image} />
          </div>
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-xs text-neutral-500 dark:text-neutral-400">{t('image.promptLabel')}</dt>
              <dd className="break-words text-neutral-800 dark:text-neutral-200">{image.prompt}</dd>
            </div>
            {image.prompt_en && (
              <div>
                <dt className="text-xs text-neutral-500 dark:text-neutral-400">{t('image.englishLabel')}</dt>
                <dd className="break-words text-neutral-800 dark:text-neutral-200">{image.prompt_en}</dd>
              </div>
            )}
          </dl>
        </div>
      )}
    </Modal>
  );
}
