import type { LoginReply } from '@app/shared';
import { i18n } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { storage, StorageKey } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { giftText } from './gift-text.ts';
import './locales.ts';

/** SPEC §4.3: store the token (which closes the dialog and loads the user), then say so. */
export async function completeLogin(reply: LoginReply, successKey: 'success' | 'accountSuccess' | 'registered' = 'success') {
  storage.remove(StorageKey.invitedBy);
  const done = useSession.getState().login(reply.token);
  toast.success(i18n.t(`auth:${successKey}`));
  if (reply.gift) {
    const items = giftText(reply.gift, i18n.t);
    if (items) toast.success(i18n.t('auth:giftCredited', { items }));
  }
  await done.catch(() => {
    // The token is stored; the user info is retried by whoever needs it next.
  });
}
