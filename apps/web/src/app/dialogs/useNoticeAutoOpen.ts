import { useEffect } from 'react';
import { useSession } from '../../lib/session.ts';
import { queryClient } from '../../lib/query-client.ts';
import { storage, StorageKey } from '../../lib/storage.ts';

/** The longest the notice waits for the screen's first requests. */
const DATA_WAIT_MS = 3000;
/**
 * After the frame that paints the screen: the browser shows that frame a frame or two later, and the
 * user sees the page before a dialog covers it (issue 30: at one frame, the notice's chunks were
 * sometimes still in flight when /talk's first screen reached the display).
 */
export const NOTICE_AFTER_PAINT_MS = 300;

let shownThisLoad = false;

/** Whether the user chose 不再提示 for this notice. */
export const isNoticeHidden = (id: number) => storage.get<number>(StorageKey.noticeHidden) === id;
export const hideNotice = (id: number) => storage.set(StorageKey.noticeHidden, id, null);

/**
 * SPEC §4.9: open the notice once per page load when the config has one, auto-open is on and
 * the user did not hide this notice; it waits until no other dialog is in the way.
 * Issue 30: and until the screen under it has painted with its first data (`drawn`: the layout
 * shows the screen; then its queries have answered; then one frame): its code and the full
 * stylesheet no longer share the phone's CPU and network with the first screen.
 */
export function useNoticeAutoOpen(drawn: boolean) {
  const notice = useSession((s) => s.globalConfig?.notice);
  const autoOpen = useSession((s) => s.globalConfig?.isAutoOpenNotice);
  const busy = useSession((s) => s.loginOpen || s.dialog !== null);

  useEffect(() => {
    if (!drawn || shownThisLoad || busy || !notice?.has || autoOpen !== 1) return;
    if (isNoticeHidden(notice.id)) return;
    let timer = 0;
    let frame = 0;
    let stopWaiting = () => {};
    // The frame that paints the screen, then a short beat after it.
    const open = () => {
      stopWaiting();
      if (frame) return;
      frame = requestAnimationFrame(() => {
        timer = window.setTimeout(() => {
          if (shownThisLoad) return;
          shownThisLoad = true;
          useSession.getState().openDialog('notice');
        }, NOTICE_AFTER_PAINT_MS);
      });
    };
    // And once the screen's first requests have answered (a gallery or a list paints its content
    // then), or after DATA_WAIT_MS at most.
    if (queryClient.isFetching() === 0) open();
    else {
      const unsubscribe = queryClient.getQueryCache().subscribe(() => queryClient.isFetching() === 0 && open());
      const fallback = window.setTimeout(open, DATA_WAIT_MS);
      stopWaiting = () => {
        unsubscribe();
        window.clearTimeout(fallback);
      };
    }
    return () => {
      stopWaiting();
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [drawn, notice, autoOpen, busy]);
}

/** For tests: forget that the notice was shown in this page load. */
export function resetNoticeAutoOpen() {
  shownThisLoad = false;
}
