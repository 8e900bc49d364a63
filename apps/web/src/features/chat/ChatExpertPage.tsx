import { useEffect, useMemo } from 'react';
import { Info, MessageCircleQuestion } from 'lucide-react';
import { fetchExpertDetail, fetchExpertMenu } from './api.ts';
import { AppChatShell } from './components/AppChatShell.tsx';
import { AppMenu } from './components/AppMenu.tsx';
import { sendMessage } from './controller/turns.ts';
import { useMenuSelection } from './hooks/useMenuSelection.ts';
import { useRemote } from './hooks/useRemote.ts';
import { useAppIdQuery } from '../../lib/useAppIdQuery.ts';
import { useChat } from './stores/chat-store.ts';
import { IntroCard, PickPrompt } from './components/AppIntro.tsx';
import './locales.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** SPEC §2.7: answers are AI generated and not 100% accurate. */
function AiNotice() {
  const { t } = useTranslation('chat');
  return (
    <p role="note" className="mx-auto flex w-full max-w-3xl items-center justify-center gap-1.5 px-3 pb-4 text-center text-xs text-neutral-400 md:px-6 dark:text-neutral-500">
      <Info className="size-3.5 shrink-0" aria-hidden />
      {t('aiNotice')}
    </p>
  );
}

/** /talk-expert: expert chat (SPEC §2.7). */
export default function ChatExpertPage() {
  const { t } = useTranslation('chat');
  const menu = useRemote('experts', fetchExpertMenu);
  const categories = useMemo(() => menu.data?.map((c) => ({ id: c.id, name: c.name, entries: c.identities ?? [] })) ?? null, [menu.data]);
  const firstId = categories?.flatMap((c) => c.entries)[0]?.id ?? null;
  const { selectedId, pick } = useMenuSelection('identityId', firstId);
  useAppIdQuery({ kind: 'expert', open: (id) => void pick(id) });
  const detail = useRemote(selectedId, () => fetchExpertDetail(selectedId!));
  const info = detail.data;
  // SPEC §3 chat meta: which expert this screen talks to (kept in chatStorage with the groups).
  useEffect(() => {
    useChat.setState({ chatMeta: info ? { title: info.title, identity_description: info.identity_description || info.description, identity_questions: info.identity_questions ?? [] } : null });
  }, [info]);

  const active = useChat((s) => s.active);
  const count = useChat((s) => (s.listOf === s.active ? s.chatList.length : 0));
  const generating = useChat((s) => s.generating);
  const historyLoading = useChat((s) => s.historyLoading === s.active);
  // SPEC §4.2: after the first exchange the model picker is disabled and the input box appears.
  const locked = count >= 2;

  const ask = (question: string) => {
    if (!info || generating) return;
    void sendMessage(question, [], { type: 2, identity_id: info.id });
  };

  const questions = info?.identity_questions ?? [];
  const intro =
    selectedId === null ? (
      categories ? <PickPrompt text={t('pickExpert')} button={t('openExperts')} /> : null
    ) : detail.error ? (
      <p className="px-4 py-16 text-center text-sm text-neutral-400">{t('detailFailed')}</p>
    ) : !info || (historyLoading && count === 0 && active !== 0) ? null : (
      <div className="mx-auto w-full max-w-3xl px-3 pt-5 md:px-6 md:pt-8">
        <div className="rounded-2xl border border-neutral-200/80 bg-white p-4 shadow-xs md:p-5 dark:border-neutral-800 dark:bg-neutral-900/60">
          <IntroCard icon={info.icon} title={info.title} description={info.identity_description || info.description} />
          {!locked && questions.length > 0 && (
            <div className="mt-4 border-t border-neutral-100 pt-4 dark:border-neutral-800">
              <h3 className="mb-2 text-xs font-medium text-neutral-400 dark:text-neutral-500">{t('exampleQuestions')}</h3>
              <ul className="flex flex-col gap-2">
                {questions.map((q) => (
                  <li key={q}>
                    <button
                      type="button"
                      disabled={generating}
                      onClick={() => ask(q)}
                      className="flex w-full items-start gap-2 rounded-xl border border-neutral-200 bg-neutral-50/60 px-3 py-2.5 text-left text-sm leading-6 text-neutral-700 transition-colors hover:border-blue-300 hover:bg-blue-50/60 disabled:cursor-not-allowed disabled:opacity-60 dark:border-neutral-700 dark:bg-neutral-800/40 dark:text-neutral-200 dark:hover:border-blue-700 dark:hover:bg-blue-950/30"
                    >
                      <MessageCircleQuestion className="mt-1 size-4 shrink-0 text-blue-500" aria-hidden />
                      <span className="min-w-0 flex-1">{q}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        {count === 0 && (
          <div className="pt-3">
            <AiNotice />
          </div>
        )}
      </div>
    );

  return (
    <AppChatShell
      type={2}
      menuLabel={t('tabExperts')}
      menu={(picked) => (
        <AppMenu
          categories={categories}
          error={menu.error}
          onRetry={menu.reload}
          selectedId={selectedId}
          onPick={(id) => {
            picked();
            void pick(id);
          }}
        />
      )}
      intro={intro}
      outro={<AiNotice />}
      composer={locked || (info !== null && questions.length === 0)}
      lockModel={locked}
      newTitle={info?.title}
    />
  );
}
