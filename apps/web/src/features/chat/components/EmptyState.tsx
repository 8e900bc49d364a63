import { useState } from 'react';
import { ArrowUpRight, FlaskConical } from 'lucide-react';
import { clsx } from 'clsx';
import { useSession } from '../../../lib/session.ts';
import { sendMessage } from '../controller/turns.ts';
import { RobotAvatar } from '../../../components/RobotAvatar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** SPEC §2.7: the robot's name and the suggestion groups (masks); a suggestion is sent as the prompt. */
export function EmptyState() {
  const { t } = useTranslation('chat');
  const name = useSession((s) => s.globalConfig?.siteRobotName) || t('robot');
  const masks = useSession((s) => s.globalConfig?.masks) ?? [];
  const demo = useSession((s) => s.website?.demo.llm);
  const groups = masks.filter((m) => m.children.length > 0);
  const [tab, setTab] = useState(0);
  const current = groups[Math.min(tab, groups.length - 1)];

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center px-4 pt-[8vh] pb-6 md:px-6 md:pt-[12vh]">
      <RobotAvatar size={52} />
      <h1 className="mt-4 text-center text-[22px] font-semibold tracking-tight md:text-2xl">{t('greeting', { name })}</h1>
      <p className="mt-1.5 text-center text-sm text-neutral-500 dark:text-neutral-400">{t('greetingLine')}</p>
      {demo && (
        <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-xs text-amber-700 dark:bg-amber-500/10 dark:text-amber-300">
          <FlaskConical className="size-3.5" aria-hidden />
          {t('demoNote')}
        </p>
      )}
      {current && (
        <div className="mt-8 w-full md:mt-10">
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 className="text-[13px] font-medium text-neutral-500 dark:text-neutral-400">{t('suggestions')}</h2>
            {groups.length > 1 && (
              <div role="tablist" aria-label={t('suggestions')} className="flex min-w-0 gap-1 overflow-x-auto [scrollbar-width:none]">
                {groups.map((g, i) => (
                  <button
                    key={g.id}
                    type="button"
                    role="tab"
                    aria-selected={g === current}
                    onClick={() => setTab(i)}
                    className={clsx(
                      'h-8 shrink-0 rounded-full px-3 text-[13px] transition-colors',
                      g === current
                        ? 'bg-neutral-900 text-white dark:bg-white dark:text-neutral-900'
                        : 'text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800',
                    )}
                  >
                    {g.name}
                  </button>
                ))}
              </div>
            )}
          </div>
          <div role="tabpanel">
            <ul className="grid gap-2.5 sm:grid-cols-2 lg:grid-cols-3">
              {current.children.map((c) => (
                <li key={c.name}>
                  <button
                    type="button"
                    onClick={() => void sendMessage(c.content)}
                    className="group flex h-full w-full flex-col gap-1 rounded-2xl border border-neutral-200/80 bg-white px-4 py-3 text-left transition-colors hover:border-neutral-300 hover:bg-neutral-50 active:bg-neutral-100 dark:border-neutral-800 dark:bg-neutral-900 dark:hover:border-neutral-700 dark:hover:bg-neutral-800/70"
                  >
                    <span className="flex items-center justify-between gap-2 text-[14px] font-medium">
                      {c.name}
                      <ArrowUpRight className="size-4 shrink-0 text-neutral-300 transition-colors group-hover:text-neutral-500 dark:text-neutral-600" aria-hidden />
                    </span>
                    <span className="line-clamp-2 text-[13px] leading-5 text-neutral-500 dark:text-neutral-400">{c.content}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </div>
  );
}
