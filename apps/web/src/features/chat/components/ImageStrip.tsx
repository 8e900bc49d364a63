import { AlertCircle, Loader2, X } from 'lucide-react';
import { useDraft } from '../stores/draft-store.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Images attached to the message being written, with upload state and remove buttons. */
export function ImageStrip() {
  const { t } = useTranslation('chat');
  const images = useDraft((s) => s.images);
  const remove = useDraft((s) => s.removeImage);
  if (images.length === 0) return null;
  return (
    <ul className="flex gap-2 overflow-x-auto px-3 pt-3">
      {images.map((img) => (
        <li key={img.id} className="relative shrink-0">
          <img src={img.preview} alt={img.name} className="size-14 rounded-xl object-cover ring-1 ring-black/5 dark:ring-white/10" />
          {img.status !== 'done' && (
            <span className="absolute inset-0 flex items-center justify-center rounded-xl bg-black/40 text-white" title={img.status === 'error' ? t('imageFailed') : undefined}>
              {img.status === 'uploading' ? <Loader2 className="size-5 animate-spin" aria-label={t('loading')} /> : <AlertCircle className="size-5" aria-label={t('imageFailed')} />}
            </span>
          )}
          <button
            type="button"
            onClick={() => remove(img.id)}
            aria-label={t('removeImage')}
            className="absolute -top-1.5 -right-1.5 inline-flex size-5 items-center justify-center rounded-full bg-neutral-800 text-white shadow ring-2 ring-white dark:bg-neutral-200 dark:text-neutral-900 dark:ring-neutral-900"
          >
            <X className="size-3" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
