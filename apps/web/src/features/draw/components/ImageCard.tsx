import { Download, Globe, GlobeLock } from 'lucide-react';
import { clsx } from 'clsx';
import type { DrawImageView } from '@app/shared';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { toast } from '../../../lib/toast.ts';
import { usePublish } from '../api.ts';
import '../locales.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export const actionIcon =
  'inline-flex size-8 items-center justify-center rounded-lg text-neutral-600 transition-colors hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100';

/** srcset of a stored image: the thumbnail, and the full image at its own width. */
export const srcSetOf = (img: { thumb_url: string; url: string; width: number }) => `${img.thumb_url} 384w, ${img.url} ${img.width}w`;

/** Download, copy prompt, publish / withdraw. */
export function ImageActions({ image, className }: { image: DrawImageView; className?: string }) {
  const { t } = useTranslation('draw');
  const publish = usePublish();
  const toggle = () =>
    publish.mutate({ id: image.id, public: !image.public }, { onSuccess: (r) => toast.success(t(r.public ? 'image.published' : 'image.unpublished')) });
  const PubIcon = image.public ? GlobeLock : Globe;
  return (
    <div className={clsx('flex items-center gap-0.5', className)}>
      <a href={image.url} download={`draw-${image.id}`} className={actionIcon} aria-label={t('image.download')} title={t('image.download')}>
        <Download className="size-4" aria-hidden />
      </a>
      <CopyButton text={image.prompt_en ?? image.prompt} label={t('image.copy')} />
      <button
        type="button"
        onClick={toggle}
        disabled={publish.isPending}
        className={clsx(actionIcon, image.public && 'text-primary dark:text-blue-300')}
        aria-label={t(image.public ? 'image.unpublish' : 'image.publish')}
        title={t(image.public ? 'image.unpublish' : 'image.publish')}
      >
        <PubIcon className="size-4" aria-hidden />
      </button>
    </div>
  );
}

type Thumbable = { thumb_url: string; url: string; width: number; height: number; prompt: string };

/** A lazy thumbnail (small file first, the full one where the screen is wide) that opens the preview. */
export function ImageThumb({ image, sizes, className, onOpen }: { image: Thumbable; sizes: string; className: string; onOpen(): void }) {
  const { t } = useTranslation('draw');
  return (
    <button type="button" onClick={onOpen} className="block w-full bg-neutral-100 dark:bg-neutral-800" aria-label={t('image.open', { prompt: image.prompt.slice(0, 40) })}>
      <img
        src={image.thumb_url}
        srcSet={srcSetOf(image)}
        sizes={sizes}
        width={image.width}
        height={image.height}
        loading="lazy"
        decoding="async"
        alt={image.prompt.slice(0, 80)}
        className={className}
      />
    </button>
  );
}

/** One image in a grid: a lazy thumbnail that opens the preview, its prompt and actions. */
export function ImageCard({ image, onOpen }: { image: DrawImageView; onOpen(img: DrawImageView): void }) {
  const { t } = useTranslation('draw');
  return (
    <li className="overflow-hidden rounded-xl border border-neutral-200/70 bg-white dark:border-neutral-800 dark:bg-neutral-900">
      <div className="relative">
        <ImageThumb image={image} sizes="(max-width: 640px) 50vw, 280px" className="aspect-square w-full object-cover" onOpen={() => onOpen(image)} />
        {/* Beside the button, not in it: the button's name (打开…) would not contain this visible text. */}
        {image.public && <span className="pointer-events-none absolute top-2 right-2 rounded-full bg-black/60 px-2 py-0.5 text-[11px] text-white">{t('image.public')}</span>}
      </div>
      <div className="px-2 pt-2 pb-1">
        <p className="line-clamp-2 min-h-8 text-xs leading-4 text-neutral-600 dark:text-neutral-400" title={image.prompt}>
          {image.prompt}
        </p>
        <ImageActions image={image} className="mt-1 justify-end" />
      </div>
    </li>
  );
}
