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
 * Issue 30: and until the screen under it has painted (`drawn`: the layout shows the screen; then
 * one frame): its code and the full stylesheet no longer share the phone's CPU and network with
 * the first screen.
 */
export function useNoticeAutoOpen(drawn: boolean) {
  const notice = useSession((s) => s.globalConfig?.notice);
  const autoOpen = useSession((s) => s.globalConfig?.isAutoOpenNotice);
  const busy = useSession((s) => s.loginOpen || s.dialog !== null);

  useEffect(() => {
    if (!drawn || shownThisLoad || busy || !notice?.has || autoOpen !== 1) return;
    if (isNoticeHidden(notice.id)) return;
    let timer = 0;
    // The frame that paints the screen, then the task after that paint.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        if (shownThisLoad) return;
        shownThisLoad = true;
        useSession.getState().openDialog('notice');
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [drawn, notice, autoOpen, busy]);
}

/** For tests: forget that the notice was shown in this page load. */
export function resetNoticeAutoOpen() {
  shownThisLoad = false;
}
