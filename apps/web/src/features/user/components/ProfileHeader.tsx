import { Crown, Pencil } from 'lucide-react';
import type { UserInfo } from '@app/shared';
import { formatDisplayDate } from '../format-date.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';

/** One quiet line under the name: the sign-in streak, else something that tells accounts apart. */
function subtitle(user: UserInfo, t: TFunction) {
  if (user.consecutiveDays > 0) return t('signedDays', { count: user.consecutiveDays });
  if (user.mobile) return user.mobile;
  if (user.username && user.username !== user.nickname) return user.username;
  return t('account.joinedOn', { date: formatDisplayDate(user.created_at) });
}

export function ProfileHeader({ user, onEdit }: { user: UserInfo; onEdit: () => void }) {
  const { t } = useTranslation('user');
  return (
    <section className="flex items-center gap-4 px-1">
      <Avatar src={user.avatar} size={64} />
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <h1 className="truncate text-xl font-semibold text-neutral-900 dark:text-neutral-50">{user.nickname}</h1>
          {user.is_vip && (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-700 dark:bg-amber-400/15 dark:text-amber-300">
              <Crown className="size-3" aria-hidden />
              {t('vip.badge')}
            </span>
          )}
        </div>
        <p className="mt-0.5 truncate text-sm text-neutral-500 dark:text-neutral-400">
          {subtitle(user, t)}
        </p>
      </div>
      <button
        type="button"
        onClick={onEdit}
        aria-label={t('settings.profile')}
        className="shrink-0 rounded-full p-2 text-neutral-400 transition-colors hover:bg-neutral-100 hover:text-neutral-700 dark:hover:bg-neutral-800 dark:hover:text-neutral-200"
      >
        <Pencil className="size-4" />
      </button>
    </section>
  );
}
