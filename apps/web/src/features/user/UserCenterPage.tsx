import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, Crown, Download, KeyRound, LayoutGrid, LogOut, MessageSquareText, Share2, Ticket, UserPen } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { downloadMyData, FEEDBACK_UNREAD_KEY, fetchFeedbackUnread } from './api.ts';
import { useSession } from '../../lib/session.ts';
import { AccountCard } from './components/AccountCard.tsx';
import { BalanceCard } from './components/BalanceCard.tsx';
import { Card } from './components/Card.tsx';
import { ChangePasswordDialog } from './components/ChangePasswordDialog.tsx';
import { EditProfileDialog } from './components/EditProfileDialog.tsx';
import { GuestPrompt } from './components/GuestPrompt.tsx';
import { InviteCard } from './components/InviteCard.tsx';
import { ListRow } from './components/ListRow.tsx';
import { MembershipBanner } from './components/MembershipBanner.tsx';
import { MySharesCard } from './components/MySharesCard.tsx';
import { ProfileHeader } from './components/ProfileHeader.tsx';
import { ProfileSkeleton } from './components/ProfileSkeleton.tsx';
import { ServiceCard } from './components/ServiceCard.tsx';
import { useLogout } from '../../lib/useLogout.ts';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** /user-center, also the mobile 个人中心 tab. */
export default function UserCenterPage() {
  const { t } = useTranslation('user');
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.userInfo);
  const balance = useSession((s) => s.balance);
  const logout = useLogout();
  const [editing, setEditing] = useState<'profile' | 'password' | null>(null);
  const unread = useQuery({ queryKey: FEEDBACK_UNREAD_KEY, queryFn: fetchFeedbackUnread, enabled: !!token }).data ?? 0;

  // Balances change with every chat; show fresh ones each time the page opens.
  useEffect(() => {
    if (token) useSession.getState().loadUser().catch(() => {});
  }, [token]);

  return (
    <div className="h-full overflow-y-auto bg-neutral-50 dark:bg-neutral-950">
      {!token ? (
        <GuestPrompt />
      ) : !user ? (
        <ProfileSkeleton />
      ) : (
        <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-6 pb-[calc(env(safe-area-inset-bottom)+88px)] sm:px-6 md:pt-10 md:pb-12">
          <ProfileHeader user={user} onEdit={() => setEditing('profile')} />
          <MembershipBanner user={user} />
          <BalanceCard balance={balance} />
          <div className="grid gap-4 md:grid-cols-2">
            <InviteCard code={user.invite_code} />
            <AccountCard user={user} />
            <Card title={t('settings.title')}>
              <div className="-mx-2 flex flex-col">
                <ListRow icon={UserPen} title={t('settings.profile')} desc={t('settings.profileDesc')} onClick={() => setEditing('profile')} />
                <ListRow
                  icon={KeyRound}
                  title={user.has_password ? t('settings.password') : t('settings.setPassword')}
                  desc={user.has_password ? t('settings.passwordDesc') : t('settings.setPasswordDesc')}
                  onClick={() => setEditing('password')}
                />
                <ListRow
                  icon={Download}
                  title={t('settings.export')}
                  desc={t('settings.exportDesc')}
                  onClick={() => {
                    toast.info(t('settings.exporting'));
                    downloadMyData()
                      .then(() => toast.success(t('settings.exported')))
                      .catch((e: unknown) => toast.error((e as Error).message));
                  }}
                />
              </div>
            </Card>
            <Card title={t('links.title')}>
              <div className="-mx-2 flex flex-col">
                <ListRow icon={CalendarCheck} title={t('links.signIn')} desc={t('links.signInDesc')} onClick={() => useSession.getState().openDialog('signIn')} />
                <ListRow icon={Crown} title={t('links.pay')} desc={t('links.payDesc')} to="/pay" />
                <ListRow icon={Share2} title={t('links.share')} desc={t('links.shareDesc')} to="/share" />
                <ListRow icon={LayoutGrid} title={t('links.apps')} desc={t('links.appsDesc')} to="/app-store" />
                <ListRow
                  icon={MessageSquareText}
                  title={t('links.feedback')}
                  desc={t('links.feedbackDesc')}
                  badge={unread > 0 ? t('links.unread', { count: unread }) : undefined}
                  onClick={() => useSession.getState().openDialog('feedback')}
                />
                <ListRow icon={Ticket} title={t('links.redeem')} desc={t('links.redeemDesc')} onClick={() => useSession.getState().openDialog('redeem')} />
              </div>
            </Card>
            <ServiceCard />
            <MySharesCard />
          </div>
          <button
            type="button"
            onClick={() => void logout()}
            className="flex h-11 items-center justify-center gap-2 rounded-2xl border border-neutral-200/70 bg-white text-[15px] text-red-500 transition-colors hover:bg-red-50 dark:border-neutral-800 dark:bg-neutral-900 dark:text-red-400 dark:hover:bg-red-500/10"
          >
            <LogOut className="size-4" aria-hidden />
            {t('logout')}
          </button>
          <EditProfileDialog user={user} open={editing === 'profile'} onClose={() => setEditing(null)} />
          <ChangePasswordDialog hasPassword={user.has_password} open={editing === 'password'} onClose={() => setEditing(null)} />
        </div>
      )}
    </div>
  );
}
