import { Link } from '../../../lib/router/index.tsx';
import { ChevronRight, UserRound } from 'lucide-react';
import { useSession } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export function GuestPrompt() {
  const { t } = useTranslation('user');
  const openLogin = useSession((s) => s.openLogin);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary dark:bg-indigo-400/10 dark:text-indigo-300">
        <UserRound className="size-8" strokeWidth={1.75} aria-hidden />
      </span>
      <h1 className="mt-5 text-lg font-semibold text-neutral-900 dark:text-neutral-50">{t('guest.title')}</h1>
      <p className="mt-2 max-w-xs text-sm leading-6 text-neutral-500 dark:text-neutral-400">{t('guest.desc')}</p>
      <button
        type="button"
        onClick={() => openLogin()}
        className="mt-6 h-11 w-full max-w-60 rounded-xl bg-primary text-[15px] font-medium text-white transition-colors hover:bg-primary-hover"
      >
        {t('guest.login')}
      </button>
      <Link to="/pay" className="mt-4 flex items-center text-[13px] text-neutral-500 hover:text-primary dark:text-neutral-400 dark:hover:text-indigo-400">
        {t('guest.pay')}
        <ChevronRight className="size-3.5" aria-hidden />
      </Link>
    </div>
  );
}
