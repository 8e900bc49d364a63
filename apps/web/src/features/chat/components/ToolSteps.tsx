import { useEffect, useId, useState } from 'react';
import type { ChatToolOption, ToolStep } from '@app/shared';
import { Ban, CheckCircle2, ChevronDown, Loader2, ShieldAlert, Wrench, XCircle } from 'lucide-react';
import { clsx } from 'clsx';
import { answerToolCall } from '../controller/tools.ts';
import { isActiveStep, prettyArguments, previewResult, secondsLeft } from '../logic/tool-steps.ts';
import { useToolList } from '../hooks/useToolList.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const STATUS_LOOK: Record<ToolStep['status'], { Icon: typeof Wrench; className: string }> = {
  running: { Icon: Loader2, className: 'animate-spin text-blue-600 dark:text-blue-300' },
  confirm: { Icon: ShieldAlert, className: 'text-amber-600 dark:text-amber-300' },
  ok: { Icon: CheckCircle2, className: 'text-emerald-600 dark:text-emerald-400' },
  error: { Icon: XCircle, className: 'text-red-600 dark:text-red-400' },
  refused: { Icon: Ban, className: 'text-neutral-500 dark:text-neutral-400' },
};

const STATUS_TEXT: Record<ToolStep['status'], string> = {
  running: 'text-blue-700 dark:text-blue-300',
  confirm: 'text-amber-700 dark:text-amber-300',
  ok: 'text-emerald-700 dark:text-emerald-400',
  error: 'text-red-700 dark:text-red-400',
  refused: 'text-neutral-600 dark:text-neutral-400',
};

/** Date.now(), ticking each second while `on`. */
function useNow(on: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [on]);
  return now;
}

const preClass =
  'max-h-60 overflow-auto rounded-lg bg-white px-3 py-2 font-mono text-xs leading-5 whitespace-pre-wrap break-words text-neutral-700 ring-1 ring-neutral-200 [overflow-wrap:anywhere] dark:bg-neutral-950 dark:text-neutral-300 dark:ring-neutral-800';

/** A call waiting for the user: 允许 / 拒绝 and the seconds left (no answer by then is a no). */
function ConfirmBox({ step, live }: { step: ToolStep; live: boolean }) {
  const { t } = useTranslation('chat');
  const [answer, setAnswer] = useState<'sending' | 'sent' | null>(null);
  const left = secondsLeft(step.confirmBy, useNow(live && answer === null));
  const expired = left === 0;
  const send = async (allow: boolean) => {
    setAnswer('sending');
    setAnswer((await answerToolCall(step.id, allow)) ? 'sent' : null);
  };
  const disabled = !live || answer !== null || expired;
  return (
    <div className="rounded-lg bg-amber-50 px-3 py-2.5 text-[13px] text-amber-900 ring-1 ring-amber-200 dark:bg-amber-500/10 dark:text-amber-100 dark:ring-amber-500/30">
      <p className="font-medium">{t('tools.confirmAsk')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={disabled}
          onClick={() => void send(true)}
          className="inline-flex h-9 items-center rounded-lg bg-primary px-4 text-sm font-medium text-white hover:bg-primary-hover disabled:opacity-50"
        >
          {t('tools.allow')}
        </button>
        <button
          type="button"
          disabled={disabled}
          onClick={() => void send(false)}
          className="inline-flex h-9 items-center rounded-lg bg-white px-4 text-sm font-medium text-neutral-700 ring-1 ring-neutral-300 hover:bg-neutral-50 disabled:opacity-50 dark:bg-neutral-900 dark:text-neutral-200 dark:ring-neutral-700"
        >
          {t('tools.deny')}
        </button>
        {answer !== 'sent' && !expired && left !== null && live && <span className="text-xs text-amber-800 tabular-nums dark:text-amber-200">{t('tools.left', { count: left })}</span>}
        {/* Only the outcome is announced: a countdown in a live region would be read out every second. */}
        <span className="text-xs text-amber-800 tabular-nums dark:text-amber-200" aria-live="polite">
          {answer === 'sent' ? t('tools.answered') : expired ? t('tools.expired') : ''}
        </span>
      </div>
    </div>
  );
}

function ResultBlock({ step }: { step: ToolStep }) {
  const { t } = useTranslation('chat');
  const [all, setAll] = useState(false);
  const result = step.result ?? '';
  const preview = previewResult(result);
  const shown = Array.from(result).length;
  return (
    <div>
      <div className="mb-1 text-xs font-medium text-neutral-500 dark:text-neutral-400">{t('tools.result')}</div>
      {result ? (
        <pre className={preClass}>{all || !preview.more ? result : `${preview.text}…`}</pre>
      ) : (
        <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('tools.noResult')}</p>
      )}
      {(preview.more || step.truncated) && (
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-500 dark:text-neutral-400">
          {preview.more && (
            <button type="button" aria-expanded={all} onClick={() => setAll((a) => !a)} className="font-medium text-primary-fg hover:underline">
              {all ? t('tools.collapse') : t('tools.expand')}
            </button>
          )}
          {step.truncated && <span>{t('tools.truncated', { shown, total: step.fullLength ?? shown })}</span>}
        </div>
      )}
    </div>
  );
}

function StepItem({ step, live, option }: { step: ToolStep; live: boolean; option: ChatToolOption | undefined }) {
  const { t } = useTranslation('chat');
  const title = option?.title || step.tool || step.name;
  const active = isActiveStep(step) && live;
  const [open, setOpen] = useState(active);
  const regionId = useId();
  useEffect(() => setOpen(active), [active]);
  const { Icon, className } = STATUS_LOOK[step.status];
  const meta = [
    step.ms !== undefined && !active ? (step.ms < 1000 ? t('tools.millis', { n: Math.round(step.ms) }) : t('tools.seconds', { s: (step.ms / 1000).toFixed(1) })) : null,
    step.price ? t('tools.charged', { n: step.price }) : null,
  ].filter(Boolean);
  return (
    <li className="overflow-hidden rounded-xl border border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900" data-testid="tool-step" data-status={step.status}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-10 w-full items-center gap-2 px-3 py-2 text-left text-[13px] hover:bg-neutral-100 dark:hover:bg-neutral-800"
      >
        <Icon className={clsx('size-4 shrink-0', className)} aria-hidden />
        <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-1.5">
          <span className="truncate font-medium text-neutral-800 dark:text-neutral-100">{title}</span>
          {step.server && <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">{t('tools.from', { server: step.server })}</span>}
        </span>
        <span className={clsx('shrink-0 text-xs font-medium', STATUS_TEXT[step.status])}>{t(`tools.status.${step.status}`)}</span>
        {meta.length > 0 && <span className="shrink-0 text-xs text-neutral-500 tabular-nums dark:text-neutral-400">{meta.join(' · ')}</span>}
        <ChevronDown className={clsx('size-3.5 shrink-0 text-neutral-400 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      <div id={regionId} role="region" aria-label={title} hidden={!open} className="flex flex-col gap-2.5 border-t border-neutral-200 px-3 py-2.5 dark:border-neutral-800">
        {step.status === 'confirm' && <ConfirmBox step={step} live={live} />}
        <div>
          <div className="mb-1 text-xs font-medium text-neutral-500 dark:text-neutral-400">{t('tools.arguments')}</div>
          <pre className={preClass}>{prettyArguments(step.arguments)}</pre>
        </div>
        {step.status !== 'running' && step.status !== 'confirm' && <ResultBlock step={step} />}
      </div>
    </li>
  );
}

/**
 * The tool calls of a reply, above its text: each a step that folds (open while it runs or waits for
 * the user's answer, folded once finished), with its arguments, result, time and price. `live`: the
 * reply is still streaming (a `confirm` step can be answered).
 */
export function ToolSteps({ steps, live, model }: { steps: ToolStep[]; live: boolean; model?: string }) {
  const { t } = useTranslation('chat');
  // The admin's title of a tool the reply's model still lists (the same query as the 工具 menu's).
  const { list } = useToolList(model);
  return (
    <ol aria-label={t('tools.steps')} data-export-ignore className="mb-1 flex flex-col gap-1.5">
      {steps.map((s) => (
        <StepItem key={s.id} step={s} live={live} option={list.find((o) => o.name === s.name)} />
      ))}
    </ol>
  );
}
