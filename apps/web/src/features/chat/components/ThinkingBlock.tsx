import { useEffect, useId, useState } from 'react';
import { Brain, ChevronDown } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n.ts';

export interface ThinkingBlockProps {
  text: string;
  /** How long it thought; null while it still thinks. */
  ms: number | null;
  /** When it began (Date.now() scale), to count the seconds while it thinks. */
  startedAt?: number;
}

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/** The seconds since `startedAt`, ticking while `running`. */
function useElapsed(startedAt: number | undefined, running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);
  return startedAt === undefined ? 0 : Math.max(0, now - startedAt);
}

/**
 * A reasoning model's 思考过程 above its answer: open while it thinks, with the seconds counting;
 * folded to 已深度思考 N 秒 once the answer begins (the reader can open it again). Left out of a
 * picture export, as it is of copy, read-aloud and share.
 */
export function ThinkingBlock({ text, ms, startedAt }: ThinkingBlockProps) {
  const { t } = useTranslation('chat');
  const thinkingNow = ms === null;
  const [open, setOpen] = useState(thinkingNow);
  const regionId = useId();
  useEffect(() => {
    if (!thinkingNow) setOpen(false);
  }, [thinkingNow]);
  const elapsed = useElapsed(startedAt, thinkingNow);
  const label = thinkingNow ? t('thinkingLive', { count: Math.floor(elapsed / 1000) }) : t('thoughtFor', { count: seconds(ms) });
  return (
    <div data-export-ignore className="mb-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-neutral-100 px-2.5 text-[13px] text-neutral-600 hover:bg-neutral-200 dark:bg-neutral-800 dark:text-neutral-300 dark:hover:bg-neutral-700"
      >
        <Brain className={thinkingNow ? 'size-3.5 animate-pulse' : 'size-3.5'} aria-hidden />
        <span aria-live={thinkingNow ? 'off' : 'polite'}>{label}</span>
        <ChevronDown className={open ? 'size-3.5 rotate-180 transition-transform' : 'size-3.5 transition-transform'} aria-hidden />
      </button>
      <div
        id={regionId}
        role="region"
        aria-label={t('thinkingTitle')}
        hidden={!open}
        className="mt-2 border-l-2 border-neutral-200 pl-3 text-[13px] leading-6 whitespace-pre-wrap break-words text-neutral-500 [overflow-wrap:anywhere] dark:border-neutral-700 dark:text-neutral-400"
      >
        {text}
      </div>
    </div>
  );
}
