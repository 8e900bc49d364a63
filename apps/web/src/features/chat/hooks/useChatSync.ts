import { useEffect } from 'react';
import { warmAfterFirstScreen } from '../../../lib/after-first-screen.ts';
import { useSession } from '../../../lib/session.ts';
import { clearChat, loadGroups, loadHistory } from '../controller/groups.ts';
import { pendingResume } from '../controller/pending-resume.ts';
import { resumeReply, showResumedGroup } from '../controller/resume.ts';
import { abortRun, chatRun } from '../controller/run.ts';
import { loadVirtualList } from '../components/MessageList.tsx';
import { rendererModule } from '../../../components/markdown/modules.ts';
import { useChat } from '../stores/chat-store.ts';

/**
 * Keeps the chat in step with the session (SPEC §4.1): with a token the groups and the active
 * log load (again after a login); without one the chat is cleared. A reply that was streaming
 * before a reload is resumed. Leaving the screen stops the reply in flight.
 */
export function useChatSync() {
  const token = useSession((s) => s.token);

  useEffect(() => {
    if (!token) {
      clearChat();
      return;
    }
    let live = true;
    const activeAtStart = useChat.getState().active;
    void loadGroups().then(async (groups) => {
      if (!live) return;
      // The user sent a first message or opened a group while the list loaded: that action loads
      // what it shows, and a list read before its group existed must not send it back to a new session.
      if (useChat.getState().active !== activeAtStart || chatRun()) return;
      // A reply that was streaming when the page reloaded opens its group and picks up again.
      const resume = pendingResume();
      if (resume) showResumedGroup(resume.context, groups);
      const { active, groupsLoaded } = useChat.getState();
      // A remembered group that no longer exists falls back to a new session.
      const target = groupsLoaded && active !== 0 && !useChat.getState().groupList.some((g) => g.uuid === active) ? 0 : active;
      if (target !== active) useChat.getState().setActive(target);
      await loadHistory(target);
      if (live && resume) void resumeReply(resume);
    });
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => abortRun, []);

  // The markdown renderer and the virtualiser are their own chunks: fetch them while the user reads or types.
  useEffect(() => warmAfterFirstScreen(() => Promise.all([rendererModule.load(), loadVirtualList()])), []);
}
