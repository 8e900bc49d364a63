import { useState } from 'react';
import { ImageIcon } from 'lucide-react';
import type { DrawImageView, DrawKind } from '@app/shared';
import { useSession } from '../../../lib/session.ts';
import { useHistories } from '../api.ts';
import { SectionTitle } from './DrawShell.tsx';
import { ImageCard } from './ImageCard.tsx';
import { PreviewDialog } from './PreviewDialog.tsx';
import '../locales.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(180px,1fr))]';

/** A grid of images with the preview dialog. */
export function ImageGrid({ images }: { images: DrawImageView[] }) {
  const [open, setOpen] = useState<DrawImageView | null>(null);
  // The preview follows the list (publish toggles update it).
  const current = open ? (images.find((i) => i.id === open.id) ?? open) : null;
  return (
    <>
      <ul className={gridClass}>
        {images.map((img) => (
          <ImageCard key={img.id} image={img} onOpen={setOpen} />
        ))}
      </ul>
      <PreviewDialog image={current} onClose={() => setOpen(null)} />
    </>
  );
}

/** The owner's works of one kind, paged. */
export function HistoryGrid({ kind }: { kind: DrawKind }) {
  const { t } = useTranslation('draw');
  const token = useSession((s) => s.token);
  const openLogin = useSession((s) => s.openLogin);
  const q = useHistories(kind);
  const images = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section aria-labelledby={`history-${kind}`}>
      <SectionTitle>
        <span id={`history-${kind}`}>{t('history.title')}</span>
      </SectionTitle>
      {!token ? (
        <Empty text={t('history.login')}>
          <button type="button" onClick={() => openLogin()} className="mt-3 h-9 rounded-lg bg-primary px-4 text-sm text-white hover:bg-primary-hover">
            {t('history.loginButton')}
          </button>
        </Empty>
      ) : q.isPending ? (
        <p className="text-sm text-neutral-500">{t('history.loading')}</p>
      ) : images.length === 0 ? (
        <Empty text={t('history.empty')} />
      ) : (
        <>
          <ImageGrid images={images} />
          <div className="mt-4 text-center">
            {q.hasNextPage ? (
              <button type="button" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage} className="h-9 rounded-lg px-4 text-sm text-neutral-700 ring-1 ring-neutral-200 hover:bg-neutral-100 dark:text-neutral-300 dark:ring-neutral-700 dark:hover:bg-neutral-800">
                {q.isFetchingNextPage ? t('history.loading') : t('history.more')}
              </button>
            ) : (
              <span className="text-xs text-neutral-500">{t('history.end')}</span>
            )}
          </div>
        </>
      )}
    </section>
  );
}

export function Empty({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-neutral-300 px-4 py-10 text-center dark:border-neutral-700">
      <ImageIcon className="size-8 text-neutral-300 dark:text-neutral-600" aria-hidden />
      <p className="mt-2 text-sm text-neutral-500 dark:text-neutral-400">{text}</p>
      {children}
    </div>
  );
}
