import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGalleryItem } from '@app/shared';
import { callRoute } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { catalogueEp } from '../api-catalogue.ts';
import { Badge, btn, Card, Field, input, PageTitle, Pager } from '../components/ui.tsx';
import { fmtTime } from '../format.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const SIZE = 24;
const STATES = ['all', 'shown', 'hidden'] as const;
type State = (typeof STATES)[number];

/** The public gallery as users published it, newest first: hide a picture from it (its owner keeps it) or show it again. */
export default function GalleryPage() {
  const { t } = useTranslation('adminCatalogue');
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State>('all');
  const list = useQuery({
    queryKey: ['admin', 'gallery', page, state],
    queryFn: () => callRoute(catalogueEp.gallery, { page, size: SIZE, state }),
    placeholderData: keepPreviousData,
  });
  const hide = useMutation({
    mutationFn: (v: { item: AdminGalleryItem; reason?: string }) => callRoute(catalogueEp.galleryHide, { hidden: !v.item.hidden, reason: v.reason || undefined }, { params: { id: v.item.id } }),
    onSuccess: async (item) => {
      toast.success(t(item.hidden ? 'gallery.hidden' : 'gallery.shown'));
      await qc.invalidateQueries({ queryKey: ['admin', 'gallery'] });
    },
  });
  const toggle = (item: AdminGalleryItem) => {
    if (item.hidden) return hide.mutate({ item });
    const reason = window.prompt(t('gallery.reasonPrompt'), '');
    if (reason !== null) hide.mutate({ item, reason: reason.trim().slice(0, 200) });
  };

  return (
    <>
      <PageTitle>{t('gallery.title')}</PageTitle>
      <Card>
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <p className="max-w-2xl text-sm text-neutral-600 dark:text-neutral-400">{t('gallery.hint')}</p>
          <Field label={t('gallery.state')} htmlFor="gallery-state">
            <select
              id="gallery-state"
              className={input}
              value={state}
              onChange={(e) => {
                setState(e.target.value as State);
                setPage(1);
              }}
            >
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`gallery.states.${s}`)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {list.data && !list.data.rows.length && <p className="py-6 text-center text-sm text-neutral-600 dark:text-neutral-400">{t('gallery.empty')}</p>}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
          {list.data?.rows.map((item) => (
            <li key={item.id} className={`flex flex-col overflow-hidden rounded-lg border ${item.hidden ? 'border-red-300 dark:border-red-900' : 'border-neutral-200 dark:border-neutral-800'}`} data-testid={`gallery-item-${item.id}`}>
              <a href={item.url} target="_blank" rel="noreferrer" className="relative block aspect-square bg-neutral-100 dark:bg-neutral-800" aria-label={`${t('gallery.open')}: ${item.prompt.slice(0, 40)}`}>
                <img src={item.thumbUrl} alt="" loading="lazy" className={`h-full w-full object-cover ${item.hidden ? 'opacity-40' : ''}`} />
                {item.hidden && (
                  <span className="absolute left-2 top-2">
                    <Badge tone="red">{t('gallery.hiddenBadge')}</Badge>
                  </span>
                )}
              </a>
              <div className="flex flex-1 flex-col gap-1 p-2 text-xs">
                <p className="line-clamp-2 text-neutral-800 dark:text-neutral-200" title={item.prompt}>
                  {item.prompt}
                </p>
                <p className="text-neutral-600 dark:text-neutral-400">{t('gallery.by', { name: item.nickname, time: fmtTime(item.publishedAt ?? item.createdAt) })}</p>
                <button
                  type="button"
                  className={`${item.hidden ? btn.secondary : btn.danger} mt-auto`}
                  disabled={hide.isPending}
                  aria-label={t(item.hidden ? 'gallery.unhideLabel' : 'gallery.hideLabel', { id: item.id })}
                  onClick={() => toggle(item)}
                >
                  {t(item.hidden ? 'gallery.unhide' : 'gallery.hide')}
                </button>
              </div>
            </li>
          ))}
        </ul>
        {list.data && list.data.total > SIZE && <Pager page={page} size={SIZE} total={list.data.total} onPage={setPage} />}
      </Card>
    </>
  );
}
