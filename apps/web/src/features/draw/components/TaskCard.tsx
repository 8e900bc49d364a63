import { AlertCircle, Loader2, RefreshCw } from 'lucide-react';
import { clsx } from 'clsx';
import type { DrawImageView, MjTaskView } from '@app/shared';
import { useMjSubmit, useTaskProgress } from '../api.ts';
import { srcSetOf, ImageActions } from './ImageCard.tsx';
import '../locales.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const isOpen = (t: MjTaskView) => t.status === 'queued' || t.status === 'running';

/** A Midjourney task: its progress while it runs, then its image with the U/V/reroll buttons. */
export function TaskCard({ task, onOpen, onUsePrompt }: { task: MjTaskView; onOpen(img: DrawImageView): void; onUsePrompt?(prompt: string): void }) {
  const { t } = useTranslation('draw');
  const view = useTaskProgress(task);
  const act = useMjSubmit();
  const actionLabel = t(`task.${['upscale', 'variation', 'reroll', 'zoom', 'pan', 'blend', 'describe'].includes(view.action) ? view.action : 'imagine'}`);
  return (
    <li className="overflow-hidden rounded-2xl border border-neutral-200/70 bg-white dark:border-neutral-800 dark:bg-neutral-900" data-testid="mj-task">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 px-3 pt-3 text-xs whitespace-nowrap">
        <span className="rounded-md bg-neutral-100 px-1.5 py-0.5 font-medium text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">{actionLabel}</span>
        <span
          className={clsx(
            'font-medium',
            view.status === 'failed' ? 'text-red-600 dark:text-red-400' : view.status === 'success' ? 'text-emerald-700 dark:text-emerald-400' : 'text-primary dark:text-blue-300',
          )}
        >
          {view.status === 'running' ? t('task.running', { progress: view.progress }) : t(`task.${view.status}`)}
        </span>
        {view.charged > 0 && <span className="text-neutral-500 dark:text-neutral-400">· {t('task.charged', { count: view.charged })}</span>}
        <span className="ml-auto text-neutral-500 dark:text-neutral-400">{new Date(view.created_at).toLocaleString()}</span>
      </div>
      <p className="line-clamp-2 px-3 pt-1.5 text-sm text-neutral-800 dark:text-neutral-200" title={view.prompt}>
        {view.prompt}
      </p>
      <div className="p-3">
        {isOpen(view) ? (
          <div className="flex aspect-[4/3] max-h-72 w-full flex-col items-center justify-center gap-3 rounded-xl bg-neutral-100 dark:bg-neutral-800">
            <Loader2 className="size-6 animate-spin text-primary" aria-hidden />
            <div className="h-1.5 w-2/3 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700" role="progressbar" aria-valuenow={view.progress} aria-valuemin={0} aria-valuemax={100} aria-label={t('task.running', { progress: view.progress })}>
              <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${Math.max(4, view.progress)}%` }} />
            </div>
          </div>
        ) : view.status === 'failed' ? (
          <p className="flex items-start gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-300">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {view.error}
          </p>
        ) : view.prompts.length > 0 ? (
          <div role="group" aria-label={t('task.prompts')}>
            <p className="mb-2 text-xs font-medium text-neutral-600 dark:text-neutral-400">{t('task.prompts')}</p>
            <ol className="space-y-2">
              {view.prompts.map((p, i) => (
                <li key={i}>
                  <button
                    type="button"
                    onClick={() => onUsePrompt?.(p)}
                    className="flex w-full items-start gap-2 rounded-xl bg-neutral-50 p-2.5 text-left text-[13px] leading-5 text-neutral-800 ring-1 ring-neutral-200 hover:bg-primary/5 hover:ring-primary/40 dark:bg-neutral-800/60 dark:text-neutral-200 dark:ring-neutral-700"
                  >
                    {/* The name is what the button shows (the prompt), after what pressing it does. */}
                    <span className="sr-only">{t('task.usePrompt', { n: i + 1 })}：</span>
                    <span aria-hidden className="inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary dark:text-blue-300">{i + 1}</span>
                    <span className="min-w-0 break-words">{p}</span>
                  </button>
                </li>
              ))}
            </ol>
          </div>
        ) : view.image ? (
          <>
            <button type="button" onClick={() => onOpen(view.image!)} className="block w-full overflow-hidden rounded-xl bg-neutral-100 dark:bg-neutral-800" aria-label={t('image.open', { prompt: view.prompt.slice(0, 40) })}>
              <img
                src={view.image.thumb_url}
                srcSet={srcSetOf(view.image)}
                sizes="(max-width: 640px) 90vw, 420px"
                width={view.image.width}
                height={view.image.height}
                loading="lazy"
                decoding="async"
                alt={view.prompt.slice(0, 80)}
                className="max-h-96 w-full object-contain"
              />
            </button>
            <ImageActions image={view.image} className="mt-1 justify-end" />
            {view.buttons.length > 0 && (
              <div className="mt-1" role="group" aria-label={t('task.actions')}>
                <div className="grid grid-cols-5 gap-1.5">
                  {view.buttons.map((b) => (
                    <button
                      key={b.custom_id}
                      type="button"
                      disabled={act.isPending}
                      onClick={() => act.mutate({ action: { task_id: view.id, custom_id: b.custom_id } })}
                      className="h-8 rounded-lg bg-neutral-100 text-[13px] font-medium text-neutral-800 hover:bg-neutral-200 disabled:opacity-60 dark:bg-neutral-800 dark:text-neutral-200 dark:hover:bg-neutral-700"
                      aria-label={accessibleLabel(b, t)}
                      title={buttonLabel(b, t)}
                    >
                      {/reroll/i.test(b.custom_id) ? <RefreshCw className="mx-auto size-4" aria-hidden /> : <span className="block truncate px-1">{shortLabel(b, t)}</span>}
                    </button>
                  ))}
                </div>
              </div>
            )}
          </>
        ) : null}
      </div>
    </li>
  );
}

const PAN: Record<string, string> = { left: 'task.panLeft', right: 'task.panRight', up: 'task.panUp', down: 'task.panDown' };
const PAN_ARROW: Record<string, string> = { left: '←', right: '→', up: '↑', down: '↓' };

/** Upscale (Subtle / Creative / 2x / 4x) and Vary (Subtle / Strong) of an upscaled image: short enough to show whole. */
function upscaledLabel(b: { custom_id: string }, t: (k: string, o?: Record<string, unknown>) => string) {
  const hd = /::upsample_v[\w.]+_(2x|4x)(?:_(subtle|creative))?::/.exec(b.custom_id);
  if (hd) return hd[2] ? t(hd[2] === 'subtle' ? 'task.upscaleSubtle' : 'task.upscaleCreative') : t('task.upscaleX', { x: hd[1] });
  const vary = /::(low|high)_variation::/.exec(b.custom_id);
  if (vary) return t(vary[1] === 'low' ? 'task.varySubtle' : 'task.varyStrong');
  return null;
}

function buttonLabel(b: { custom_id: string; label: string }, t: (k: string, o?: Record<string, unknown>) => string) {
  const upscaled = upscaledLabel(b, t);
  if (upscaled) return upscaled;
  if (/^U\d$/.test(b.label)) return t('task.upscaleN', { n: b.label.slice(1) });
  if (/^V\d$/.test(b.label)) return t('task.variationN', { n: b.label.slice(1) });
  if (/reroll/i.test(b.custom_id)) return t('task.reroll');
  const zoom = /::Outpaint::(\d+)::/.exec(b.custom_id);
  if (zoom) return t('task.zoomOut', { x: zoom[1] === '50' ? '2x' : '1.5x' });
  if (/::CustomZoom/i.test(b.custom_id)) return t('task.customZoom');
  const pan = /::pan_(left|right|up|down)/.exec(b.custom_id);
  if (pan) return t(PAN[pan[1]!]!);
  return b.label || b.custom_id.split('::')[2] || '';
}

/**
 * The button's name starts with what it shows (WCAG 2.5.3: a speech user says 「U1」), then what it
 * does: 「U1，放大第 1 张」. Arrows and the reroll icon are not text, so their name is the action.
 */
function accessibleLabel(b: { custom_id: string; label: string }, t: (k: string, o?: Record<string, unknown>) => string) {
  const action = buttonLabel(b, t);
  const shown = /reroll/i.test(b.custom_id) || /::pan_/.test(b.custom_id) ? '' : shortLabel(b, t);
  return !shown || action.includes(shown) ? action : t('task.named', { shown, action });
}

/** What fits on the small button: U1, V2, ←, 2x… */
function shortLabel(b: { custom_id: string; label: string }, t: (k: string, o?: Record<string, unknown>) => string) {
  const upscaled = upscaledLabel(b, t);
  if (upscaled) return upscaled;
  const zoom = /::Outpaint::(\d+)::/.exec(b.custom_id);
  if (zoom) return zoom[1] === '50' ? '2x' : '1.5x';
  const pan = /::pan_(left|right|up|down)/.exec(b.custom_id);
  if (pan) return PAN_ARROW[pan[1]!];
  if (/::CustomZoom/i.test(b.custom_id)) return t('task.zoom');
  return b.label;
}
