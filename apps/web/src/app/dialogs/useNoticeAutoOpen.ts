import { useEffect } from 'react';
import { useSession } from '../../lib/session.ts';
import { storage, StorageKey } from '../../lib/storage.ts';

let shownThisLoad = false;

/** Whether the user chose 不再提示 for this notice. */
export const isNoticeHidden = (id: number) => storage.get<number>(StorageKey.noticeHidden) === id;
export const hideNotice = (id: number) => storage.set(StorageKey.noticeHidden, id, null);

/**
 * SPEC §4.9: open the notice once per page load when the config has one, auto-open is on and
 * the user did not hide this notice; it waits until no other dialog is in the way.
 */
export function useNoticeAutoOpen() {
  const notice = useSession((s) => s.globalConfig?.notice);
  const autoOpen = useSession((s) => s.globalConfig?.isAutoOpenNotice);
  const busy = useSession((s) => s.loginOpen || s.dialog !== null);

  useEffect(() => {
    if (shownThisLoad || busy || !notice?.has || autoOpen !== 1) return;
    if (isNoticeHidden(notice.id)) return;
    shownThisLoad = true;
    useSession.getState().openDialog('notice');
  }, [notice, autoOpen, busy]);
}

/** For tests: forget that the notice was shown in this page load. */
export function resetNoticeAutoOpen() {
  shownThisLoad = false;
}
