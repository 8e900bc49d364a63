import { useState } from 'react';
import { Download, Images, WandSparkles } from 'lucide-react';
import { useNavigate } from '../../lib/router/index.tsx';
import { DRAW_TYPES, type DrawMarketItem } from '@app/shared';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Modal } from '../../components/Modal.tsx';
import { SidebarToggle } from '../../components/SidebarToggle.tsx';
import { prefetchMarket, useImageTypes, useMarket } from './api.ts';
import { ChipGroup } from './components/FormParts.tsx';
import { actionIcon, ImageThumb } from './components/ImageCard.tsx';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** Where "use this prompt" leads for each kind of drawing (DALL·E: /draw in its DALL·E mode). */
const SCREEN: Record<string, string> = { basic: '/draw', dalle3: '/draw', ai3: '/ai3', mj: '/midjourney' };

/** Its first requests start with its code (app/router.tsx). */
export const prefetch = prefetchMarket;

/** /market: the public gallery, a masonry of lazy thumbnails, by type. */
export default function MarketPage() {
  const { t } = useTranslation('draw');
  const navigate = useNavigate();
  const types = useImageTypes();
  const [type, setType] = useState('all');
  const market = useMarket(type);
  const [open, setOpen] = useState<DrawMarketItem | null>(null);
  const items = market.data?.pages.flatMap((p) => p.list) ?? [];
  const use = (item: DrawMarketItem) =>
    navigate(`${SCREEN[item.kind] ?? '/draw'}?${new URLSearchParams({ ...(item.kind === 'dalle3' ? { mode: 'dalle3' } : {}), prompt: item.prompt, type: item.type }).toString()}`);

  return (
    <div className="h-full overflow-y-auto bg-neutral-50 dark:bg-neutral-950" data-testid="market-page">
      <header className="sticky top-0 z-20 flex h-12 items-center gap-1 border-b border-neutral-200/60 bg-neutral-50/95 px-2 backdrop-blur md:hidden dark:border-neutral-800/60 dark:bg-neutral-950/95">
        <SidebarToggle />
        <h1 className="truncate text-[15px] font-medium">{t('market.title')}</h1>
      </header>
      <div className="mx-auto w-full max-w-7xl px-4 pt-4 pb-10 sm:px-6 md:px-8 md:pt-8">
        <div className="mb-5 hidden md:block">
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900 dark:text-neutral-50">{t('market.title')}</h1>
          <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{t('market.subtitle')}</p>
        </div>
        <div className="mb-4">
          <ChipGroup label={t('market.filter')} options={[{ value: 'all', label: t('market.all') }, ...(types.data?.types ?? [])]} pending={types.data ? 0 : DRAW_TYPES.length} value={type} onChange={setType} />
        </div>
        {market.isPending ? (
          <div className="columns-2 gap-3 sm:columns-3 lg:columns-4" aria-hidden>
            {[300, 220, 260, 200, 280, 240, 210, 270].map((h, i) => (
              <div key={i} className="mb-3 animate-pulse break-inside-avoid rounded-xl bg-neutral-200 dark:bg-neutral-800" style={{ height: h }} />
            ))}
          </div>
        ) : market.isError ? (
          <div className="py-16 text-center text-sm text-neutral-500">
            {t('market.loadFailed')}{' '}
            <button type="button" className="text-primary underline" onClick={() => void market.refetch()}>
              {t('market.retry')}
            </button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center py-16 text-center">
            <Images className="size-10 text-neutral-300 dark:text-neutral-600" aria-hidden />
            <p className="mt-3 font-medium text-neutral-800 dark:text-neutral-200">{t('market.empty')}</p>
            <p className="mt-1 max-w-xs text-sm text-neutral-500 dark:text-neutral-400">{t('market.emptyDesc')}</p>
          </div>
        ) : (
          <>
            <ul className="columns-2 gap-3 sm:columns-3 lg:columns-4">
              {items.map((item) => (
                <li key={item.id} className="group mb-3 break-inside-avoid overflow-hidden rounded-xl border border-neutral-200/70 bg-white dark:border-neutral-800 dark:bg-neutral-900">
                  <ImageThumb image={item} sizes="(max-width: 640px) 50vw, (max-width: 1024px) 33vw, 300px" className="h-auto w-full" onOpen={() => setOpen(item)} />
                  <div className="space-y-2 p-2.5">
                    <p className="line-clamp-2 text-xs text-neutral-700 dark:text-neutral-300">{item.prompt}</p>
                    <button type="button" onClick={() => use(item)} className="inline-flex h-8 w-full items-center justify-center gap-1 rounded-lg bg-primary/10 text-xs font-medium text-primary hover:bg-primary/15 dark:text-blue-300">
                      <WandSparkles className="size-3.5" aria-hidden />
                      {t('image.use')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <div className="mt-4 text-center">
              {market.hasNextPage ? (
                <button type="button" onClick={() => void market.fetchNextPage()} disabled={market.isFetchingNextPage} className="h-9 rounded-lg px-4 text-sm text-neutral-700 ring-1 ring-neutral-200 hover:bg-neutral-100 dark:text-neutral-300 dark:ring-neutral-700">
                  {market.isFetchingNextPage ? t('history.loading') : t('market.more')}
                </button>
              ) : (
                <span className="text-xs text-neutral-500">{t('market.end')}</span>
              )}
            </div>
          </>
        )}
      </div>
      <Modal open={!!open} onOpenChange={(o) => !o && setOpen(null)} title={t('image.preview')} widthClass="md:w-[min(92vw,1000px)]">
        {open && (
          <div className="space-y-3 pb-2">
            <div className="flex justify-center rounded-xl bg-neutral-100 dark:bg-neutral-800">
              <img src={open.url} width={open.width} height={open.height} alt={open.prompt.slice(0, 80)} className="max-h-[60vh] w-auto max-w-full object-contain" />
            </div>
            <p className="break-words text-sm text-neutral-800 dark:text-neutral-200">{open.prompt}</p>
            <div className="flex items-center justify-end gap-1">
              <a href={open.url} download={`draw-${open.id}`} className={actionIcon} aria-label={t('image.download')} title={t('image.download')}>
                <Download className="size-4" aria-hidden />
              </a>
              <CopyButton text={open.prompt} label={t('image.copy')} />
              <button type="button" onClick={() => use(open)} className="inline-flex h-9 items-center gap-1 rounded-lg bg-primary px-3 text-sm font-medium text-white hover:bg-primary-hover">
                <WandSparkles className="size-4" aria-hidden />
                {t('image.use')}
              </button>
            </div>
          </div>
        )}
      </Modal>
    </div>
  );
}
