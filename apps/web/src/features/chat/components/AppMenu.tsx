import { appIcon } from '../../../components/app-icons.ts';
import type { MenuEntry } from '../api.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export interface MenuCategory {
  id: number;
  name: string;
  entries: MenuEntry[];
}

/** A menu icon: an image URL, else a catalogue icon name (lucide, as in the app store). */
export function EntryIcon({ icon, size = 'sm' }: { icon: string; title?: string; size?: 'sm' | 'lg' }) {
  const box = size === 'lg' ? 'size-11 rounded-xl' : 'size-7 rounded-lg';
  if (/^(https?:)?\/|^data:image\//.test(icon)) return <img src={icon} alt="" className={`${box} shrink-0 object-cover`} />;
  const Icon = appIcon(icon);
  return (
    <span aria-hidden className={`${box} flex shrink-0 items-center justify-center bg-blue-50 text-blue-600 dark:bg-blue-950/50 dark:text-blue-300`}>
      <Icon className={size === 'lg' ? 'size-5' : 'size-4'} />
    </span>
  );
}

interface Props {
  categories: MenuCategory[] | null;
  error: boolean;
  onRetry(): void;
  selectedId: number | null;
  onPick(id: number): void;
}

/** SPEC §3 menu items: the templates or experts, grouped by category. */
export function AppMenu({ categories, error, onRetry, selectedId, onPick }: Props) {
  const { t } = useTranslation('chat');
  if (error)
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-10 text-sm text-neutral-500">
        <p>{t('menuFailed')}</p>
        <button type="button" onClick={onRetry} className="rounded-md px-3 py-1 text-blue-600 hover:bg-blue-50 dark:text-blue-400 dark:hover:bg-blue-950/40">
          {t('reload')}
        </button>
      </div>
    );
  if (!categories)
    return (
      <ul className="space-y-1 px-2 pt-3" aria-label={t('menuLoading')}>
        {[70, 55, 80, 60, 45, 65].map((w, i) => (
          <li key={i} className="flex h-11 items-center gap-2 px-2" aria-hidden>
            <span className="size-7 rounded-lg bg-neutral-200 dark:bg-neutral-800" />
            <span className="h-3 animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" style={{ width: `${w}%` }} />
          </li>
        ))}
      </ul>
    );
  const shown = categories.filter((c) => c.entries.length > 0);
  if (!shown.length) return <p className="px-4 py-10 text-center text-sm text-neutral-400">{t('menuEmpty')}</p>;
  return (
    <nav className="px-2 pt-1 pb-4">
      {shown.map((c) => (
        <section key={c.id} aria-labelledby={`menu-cat-${c.id}`}>
          <h3 id={`menu-cat-${c.id}`} className="px-2 pt-3 pb-1.5 text-xs font-medium text-neutral-400 dark:text-neutral-500">
            {c.name}
          </h3>
          <ul className="space-y-0.5">
            {c.entries.map((e) => {
              const active = e.id === selectedId;
              return (
                <li key={e.id}>
                  <button
                    type="button"
                    onClick={() => onPick(e.id)}
                    aria-current={active ? 'true' : undefined}
                    title={e.description || e.title}
                    className={`flex w-full items-center gap-2.5 rounded-lg px-2 py-1.5 text-left transition-colors ${
                      active ? 'bg-white shadow-sm ring-1 ring-neutral-200 dark:bg-neutral-800 dark:ring-neutral-700' : 'hover:bg-neutral-200/60 dark:hover:bg-neutral-800/60'
                    }`}
                  >
                    <EntryIcon icon={e.icon} title={e.title} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-[13.5px] font-medium text-neutral-800 dark:text-neutral-100">{e.title}</span>
                      {e.description && <span className="block truncate text-xs text-neutral-400 dark:text-neutral-500">{e.description}</span>}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </nav>
  );
}
