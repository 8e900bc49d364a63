import { CalendarCheck, Crown, LogOut, UserRound } from 'lucide-react';
import { useNavigate } from '../../lib/router/index.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { InstallAppButton } from '../../components/InstallAppButton.tsx';
import { ThemeSwitch } from '../../components/ThemeSwitch.tsx';
import { useSession } from '../../lib/session.ts';
import { useLogout } from '../../lib/useLogout.ts';
import { CustomerService } from './CustomerService.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import '../locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

interface Props {
  collapsed?: boolean;
  /** Where the service QR pops out: beside the desktop sidebar, above in the mobile drawer. */
  qrPlacement?: 'right' | 'top';
  onNavigate?(): void;
}

const iconButton =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-neutral-500 transition-colors hover:bg-neutral-200/70 hover:text-neutral-800 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100';

export function VipBadge() {
  const { t } = useTranslation('app');
  return (
    <span className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-gradient-to-r from-amber-300 to-amber-400 px-1.5 py-px text-[10px] font-semibold leading-4 text-amber-950">
      <Crown className="size-3" strokeWidth={2.2} aria-hidden />
      {t('layout.vip')}
    </span>
  );
}

/** SPEC §2.4: the account area at the bottom of the side panel. */
export function AccountPanel({ collapsed = false, qrPlacement = 'right', onNavigate }: Props) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const logout = useLogout();
  const token = useSession((s) => s.token);
  const userInfo = useSession((s) => s.userInfo);
  const openLogin = useSession((s) => s.openLogin);
  const openDialog = useSession((s) => s.openDialog);

  const goUserCenter = () => {
    onNavigate?.();
    void navigate('/user-center');
  };
  const upgrade = () => {
    onNavigate?.();
    openDialog('goods');
  };
  const signIn = () => {
    onNavigate?.();
    openDialog('signIn');
  };
  const login = () => {
    onNavigate?.();
    openLogin();
  };
  const signOut = () => {
    onNavigate?.();
    void logout();
  };

  if (collapsed) {
    return (
      <div className="flex shrink-0 flex-col items-center gap-1 border-t border-neutral-200/70 px-3 pt-2 pb-3 dark:border-neutral-800">
        <button
          type="button"
          onClick={upgrade}
          aria-label={t('layout.upgrade')}
          title={t('layout.upgrade')}
          className="inline-flex size-9 items-center justify-center rounded-lg bg-amber-400/15 text-amber-600 transition-colors hover:bg-amber-400/25 dark:text-amber-300"
        >
          <Crown className="size-[18px]" aria-hidden />
        </button>
        <CustomerService collapsed />
        <InstallAppButton compact onDone={onNavigate} />
        <ThemeSwitch variant="compact" />
        <button
          type="button"
          onClick={token ? goUserCenter : login}
          aria-label={token ? t('layout.userCenter') : t('layout.login')}
          title={token ? userInfo?.nickname || t('layout.userCenter') : t('layout.login')}
          className="mt-1 rounded-full"
        >
          <Avatar src={userInfo?.avatar} size={34} />
        </button>
      </div>
    );
  }

  return (
    <div className="flex shrink-0 flex-col gap-1 border-t border-neutral-200/70 px-3 pt-2 pb-3 dark:border-neutral-800">
      <button
        type="button"
        onClick={upgrade}
        className="flex h-10 items-center gap-2.5 rounded-lg bg-gradient-to-r from-amber-100/80 to-orange-50 px-3 text-left transition-colors hover:from-amber-100 hover:to-amber-50 dark:from-amber-400/15 dark:to-orange-400/5 dark:hover:from-amber-400/20"
      >
        <Crown className="size-[18px] shrink-0 text-amber-600 dark:text-amber-300" strokeWidth={2} aria-hidden />
        <span className="text-[13px] font-semibold text-amber-900 dark:text-amber-200">{t('layout.upgrade')}</span>
        <span className="ml-auto truncate text-[11px] text-amber-800/70 dark:text-amber-200/60">{t('layout.upgradeShort')}</span>
      </button>

      <CustomerService placement={qrPlacement} />
      <InstallAppButton onDone={onNavigate} />

      <div className="flex h-12 items-center gap-2.5 px-1.5">
        {token ? (
          <>
            <button type="button" onClick={goUserCenter} className="shrink-0 rounded-full" aria-hidden tabIndex={-1}>
              <Avatar src={userInfo?.avatar} size={34} />
            </button>
            <div className="flex min-w-0 flex-1 items-center gap-1.5">
              {userInfo ? (
                <span className="truncate text-sm font-medium" title={userInfo.nickname}>
                  {userInfo.nickname}
                </span>
              ) : (
                <span className="h-4 w-20 animate-pulse rounded bg-neutral-200 dark:bg-neutral-700" aria-hidden />
              )}
              {userInfo?.is_vip && <VipBadge />}
            </div>
            <button type="button" onClick={signIn} aria-label={t('layout.signIn')} title={t('layout.signIn')} className={iconButton}>
              <CalendarCheck className="size-[17px]" aria-hidden />
            </button>
            <button type="button" onClick={goUserCenter} aria-label={t('layout.userCenter')} title={t('layout.userCenter')} className={iconButton}>
              <UserRound className="size-[17px]" aria-hidden />
            </button>
            <button type="button" onClick={signOut} aria-label={t('layout.logout')} title={t('layout.logout')} className={iconButton}>
              <LogOut className="size-[17px]" aria-hidden />
            </button>
          </>
        ) : (
          <>
            <Avatar size={34} />
            <div className="min-w-0 flex-1">
              <button
                type="button"
                onClick={login}
                className="inline-flex h-8 items-center rounded-lg bg-primary px-3.5 text-[13px] font-medium text-white transition-colors hover:bg-primary-hover"
              >
                {t('layout.login')}
              </button>
            </div>
          </>
        )}
      </div>

      <div className="flex items-center justify-between pl-0.5">
        <ThemeSwitch />
        <LanguageSelect />
      </div>
    </div>
  );
}
