import { Link } from '../../lib/router/index.tsx';
import { ThemeSwitch } from '../../components/ThemeSwitch.tsx';
import { useSession } from '../../lib/session.ts';

/** The site's header on pages outside the layout: logo and name (to the app), theme switch. */
export function SharedConversationHeader({ siteName }: { siteName: string }) {
  const logo = useSession((s) => s.globalConfig?.clientFavoIconPath) || '/favicon.svg';
  return (
    <header className="sticky top-0 z-20 border-b border-neutral-100 bg-white/85 pt-[env(safe-area-inset-top)] backdrop-blur dark:border-neutral-800/80 dark:bg-neutral-950/85">
      <div className="mx-auto flex h-14 w-full max-w-3xl items-center justify-between px-4 md:px-6">
        <Link to="/talk" className="flex items-center gap-2.5 rounded-lg">
          <img src={logo} alt="" className="size-7 rounded-lg" />
          <span className="text-base font-semibold tracking-tight">{siteName}</span>
        </Link>
        <ThemeSwitch variant="compact" />
      </div>
    </header>
  );
}
