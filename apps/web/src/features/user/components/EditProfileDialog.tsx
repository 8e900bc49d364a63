import { useState, type FormEvent } from 'react';
import type { UserInfo } from '@app/shared';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { updateUser } from '../api.ts';
import { checkAvatarUrl, checkNickname, NICKNAME_MAX, type ProfileRule } from '../profile-rules.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { DialogActions } from './DialogActions.tsx';
import { FormField } from './FormField.tsx';
import { UserDialog } from './UserDialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export function EditProfileDialog({ user, open, onClose }: { user: UserInfo; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('user');
  return (
    <UserDialog open={open} onClose={onClose} title={t('profile.title')}>
      <ProfileForm user={user} onDone={onClose} />
    </UserDialog>
  );
}

function ProfileForm({ user, onDone }: { user: UserInfo; onDone: () => void }) {
  const { t } = useTranslation('user');
  const [nickname, setNickname] = useState(user.nickname);
  const [avatar, setAvatar] = useState(user.avatar);
  const [errors, setErrors] = useState<{ nickname?: ProfileRule | null; avatar?: ProfileRule | null }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = { nickname: checkNickname(nickname), avatar: checkAvatarUrl(avatar) };
    setErrors(found);
    if (found.nickname || found.avatar) return;
    const body = {
      ...(nickname.trim() !== user.nickname ? { nickname: nickname.trim() } : {}),
      // The server keeps the current avatar when none is sent; a blank field therefore changes nothing.
      ...(avatar.trim() && avatar.trim() !== user.avatar ? { avatar: avatar.trim() } : {}),
    };
    if (!Object.keys(body).length) return onDone();
    setBusy(true);
    try {
      const { message } = await updateUser(body);
      toast.success(message);
      await useSession.getState().loadUser().catch(() => {});
      onDone();
    } catch {
      // http has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <div className="mb-4 flex justify-center">
        <Avatar src={checkAvatarUrl(avatar) ? '' : avatar.trim()} size={64} />
      </div>
      <FormField
        id="profile-nickname"
        label={t('profile.nickname')}
        placeholder={t('profile.nicknamePlaceholder')}
        value={nickname}
        onValueChange={setNickname}
        error={errors.nickname && t(`rules.${errors.nickname}`)}
        maxLength={NICKNAME_MAX * 2}
      />
      <FormField
        id="profile-avatar"
        label={t('profile.avatar')}
        placeholder={t('profile.avatarPlaceholder')}
        value={avatar}
        onValueChange={setAvatar}
        error={errors.avatar && t(`rules.${errors.avatar}`)}
        type="url"
        inputMode="url"
        maxLength={500}
      />
      <DialogActions busy={busy} submitLabel={t('profile.save')} busyLabel={t('profile.saving')} cancelLabel={t('profile.cancel')} onCancel={onDone} />
    </form>
  );
}
