import { ArrowRight, FileText, MessageCircle, Palette, Presentation, type LucideIcon } from 'lucide-react';
import { Link } from '../../lib/router/index.tsx';
import { SITE_NAME_DEFAULT } from '@app/shared/constants';
import { ThemeSwitch } from '../../components/ThemeSwitch.tsx';
import { useSession } from '../../lib/session.ts';
import { useBoot } from '../boot.ts';
import '../locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

const FEATURES: { key: 'chat' | 'docs' | 'draw' | 'slides'; icon: LucideIcon; tint: string }[] = [
  { key: 'chat', icon: MessageCircle, tint: 'bg-indigo-50 text-indigo-600 dark:bg-indigo-400/10 dark:text-indigo-300' },
  { key: 'docs', icon: FileText, tint: 'bg-sky-50 text-sky-600 dark:bg-sky-400/10 dark:text-sky-300' },
  { key: 'draw', icon: Palette, tint: 'bg-rose-50 text-rose-600 dark:bg-rose-400/10 dark:text-rose-300' },
  { key: 'slides', icon: Presentation, tint: 'bg-amber-50 text-amber-600 dark:bg-amber-400/10 dark:text-amber-300' },
];

/** /welcome: the landing page outside the layout. */
export default function WelcomePage() {
  const { t } = useTranslation('app');
  const loading = useBoot((s) => s.status === 'loading');
  const siteName = useSession((s) => s.globalConfig?.siteName) || SITE_NAME_DEFAULT;
  const logo = useSession((s) => s.globalConfig?.clientFavoIconPath) || '/favicon.svg';
  const copyright = useSession((s) => s.website?.website.copyright);

  return (
    <div className="relative isolate flex min-h-full flex-col overflow-x-hidden">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[480px] bg-[radial-gradient(60%_60%_at_50%_0%,var(--color-primary-soft),transparent)]"
        aria-hidden
      />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-5 pt-[max(1rem,env(safe-area-inset-top))] pb-4">
        <div className="flex items-center gap-2.5">
          <img src={logo} alt="" className="size-8 rounded-lg" />
          {loading ? <span className="h-5 w-24 animate-pulse rounded bg-neutral-200 dark:bg-neutral-800" /> : <span className="text-lg font-semibold tracking-tight">{siteName}</span>}
        </div>
        <ThemeSwitch variant="compact" />
      </header>

      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col items-center px-5 pt-10 pb-12 text-center md:pt-20">
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl">
          {loading ? <span className="inline-block h-10 w-48 animate-pulse rounded-lg bg-neutral-200 align-middle md:h-12 dark:bg-neutral-800" /> : siteName}
        </h1>
        <p className="mt-4 max-w-xl text-base text-neutral-600 md:text-lg dark:text-neutral-300">{t('welcome.pitch')}</p>
        <Link
          to="/talk"
          className="mt-8 inline-flex h-12 items-center gap-2 rounded-full bg-primary px-8 text-base font-medium text-white shadow-lg shadow-primary/20 transition-colors hover:bg-primary-hover"
        >
          {t('welcome.start')}
          <ArrowRight className="size-4" aria-hidden />
        </Link>

        <ul className="mt-12 grid w-full gap-3 text-left sm:grid-cols-2 md:mt-20 lg:grid-cols-4">
          {FEATURES.map(({ key, icon: Icon, tint }) => (
            <li
              key={key}
              className="flex gap-4 rounded-2xl border border-neutral-200/80 bg-white/80 p-4 backdrop-blur transition-shadow hover:shadow-md sm:block sm:p-5 dark:border-neutral-800 dark:bg-neutral-900/70"
            >
              <span className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${tint}`}>
                <Icon className="size-5" strokeWidth={1.8} aria-hidden />
              </span>
              <div className="min-w-0">
                <h2 className="text-[15px] font-semibold sm:mt-4">{t(`welcome.features.${key}.title`)}</h2>
                <p className="mt-1 text-sm leading-6 text-neutral-500 dark:text-neutral-400">{t(`welcome.features.${key}.desc`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </main>

      {copyright && <footer className="px-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-center text-xs text-neutral-400">{copyright}</footer>}
    </div>
  );
}
