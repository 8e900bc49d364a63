import { useId, useRef, type ReactNode } from 'react';
import { ImagePlus, Sparkles, X } from 'lucide-react';
import { clsx } from 'clsx';
import { DRAW_REFERENCE_MAX_BYTES, type DrawExample } from '@app/shared';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../../../lib/session.ts';
import '../locales.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export const fieldLabel = 'mb-1.5 block text-sm font-medium text-neutral-700 dark:text-neutral-300';
export const textArea =
  'block w-full resize-none rounded-xl border border-neutral-200 bg-white px-3 py-2.5 text-[15px] leading-6 text-neutral-900 outline-none placeholder:text-neutral-400 focus:border-primary focus:ring-2 focus:ring-primary/20 dark:border-neutral-700 dark:bg-neutral-950 dark:text-neutral-100';
export const primaryButton =
  'inline-flex h-11 w-full items-center justify-center gap-2 rounded-xl bg-primary px-5 text-[15px] font-medium text-white transition-colors hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-60';

/** A labelled text area. */
export function PromptBox({ label, value, onChange, placeholder, rows = 4, max = 1000, id }: { label: string; value: string; onChange(v: string): void; placeholder: string; rows?: number; max?: number; id?: string }) {
  const own = useId();
  const fid = id ?? own;
  return (
    <div>
      <label htmlFor={fid} className={fieldLabel}>
        {label}
      </label>
      <textarea id={fid} value={value} onChange={(e) => onChange(e.target.value.slice(0, max))} placeholder={placeholder} rows={rows} maxLength={max} className={textArea} />
      <p className="mt-1 text-right text-xs text-neutral-500 dark:text-neutral-400" aria-hidden>
        {value.length}/{max}
      </p>
    </div>
  );
}

/** A chip's place while its options load, so the form keeps its height when they arrive. */
const chipPlaceholder = 'h-8 w-16 animate-pulse rounded-lg bg-neutral-200/70 dark:bg-neutral-800';

/** A row of chips, one of which is chosen (a radio group); `pending` placeholders stand for options still loading. */
export function ChipGroup({ label, options, value, onChange, pending = 0 }: { label: string; options: { value: string; label: string }[]; value: string; onChange(v: string): void; pending?: number }) {
  const id = useId();
  return (
    <div role="radiogroup" aria-labelledby={id}>
      <span id={id} className={fieldLabel}>
        {label}
      </span>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            onClick={() => onChange(o.value)}
            className={clsx(
              'h-8 rounded-lg border px-3 text-[13px] transition-colors',
              value === o.value
                ? 'border-primary bg-primary/10 font-medium text-primary dark:text-blue-300'
                : 'border-neutral-200 text-neutral-700 hover:bg-neutral-100 dark:border-neutral-700 dark:text-neutral-300 dark:hover:bg-neutral-800',
            )}
          >
            {o.label}
          </button>
        ))}
        {Array.from({ length: pending }, (_, i) => (
          <span key={i} className={chipPlaceholder} aria-hidden />
        ))}
      </div>
    </div>
  );
}

/** Example prompts as a strip of their pictures (SPEC §1): a tap fills the box. */
export function Examples({ list, onPick }: { list: DrawExample[] | undefined; onPick(e: DrawExample): void }) {
  const { t } = useTranslation('draw');
  const labelId = useId();
  if (!list) return <ExamplesPlaceholder />;
  if (!list.length) return null;
  return (
    <div role="group" aria-labelledby={labelId}>
      <span id={labelId} className={fieldLabel}>
        {t('form.examples')}
      </span>
      <ul className="-mx-1 flex snap-x gap-2.5 overflow-x-auto px-1 pt-0.5 pb-2" data-testid="draw-examples">
        {list.map((e, i) => (
          <li key={`${i}-${e.title}`} className="shrink-0 snap-start">
            <button type="button" onClick={() => onPick(e)} title={e.prompt} className="group flex w-[88px] flex-col gap-1 rounded-xl text-left md:w-24">
              <span className="relative block aspect-square w-full overflow-hidden rounded-xl bg-neutral-100 ring-1 ring-black/5 dark:bg-neutral-800 dark:ring-white/10">
                {e.image_url ? (
                  <img src={e.image_url} alt="" loading="lazy" className="size-full object-cover transition-transform duration-200 group-hover:scale-105" />
                ) : (
                  <Sparkles className="absolute inset-0 m-auto size-5 text-amber-600 dark:text-amber-400" aria-hidden />
                )}
              </span>
              <span className="truncate px-0.5 text-xs text-neutral-700 group-hover:text-neutral-900 dark:text-neutral-300 dark:group-hover:text-white">{e.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The examples' place while they load: a label and a strip of tiles of their size. */
function ExamplesPlaceholder() {
  return (
    <div aria-hidden data-testid="draw-examples-loading">
      <span className={clsx(fieldLabel, 'h-5 w-16 animate-pulse rounded bg-neutral-200/70 dark:bg-neutral-800')} />
      <div className="-mx-1 flex gap-2.5 overflow-hidden px-1 pt-0.5 pb-2">
        {Array.from({ length: 4 }, (_, i) => (
          <span key={i} className="flex w-[88px] shrink-0 flex-col gap-1 md:w-24">
            <span className="block aspect-square w-full animate-pulse rounded-xl bg-neutral-200/70 dark:bg-neutral-800" />
            <span className="block h-4" />
          </span>
        ))}
      </div>
    </div>
  );
}

/** The image type by the file's first bytes (png, jpeg, webp), never by its name or its claimed type. */
export async function sniffImage(file: Blob): Promise<'image/png' | 'image/jpeg' | 'image/webp' | null> {
  const b = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const text = String.fromCharCode(...b);
  if (text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** A chosen file as a data URL of its real type, or null after telling the user why not. */
async function readReference(file: File, t: (k: string) => string): Promise<string | null> {
  if (file.size > DRAW_REFERENCE_MAX_BYTES) {
    toast.error(t('form.referenceTooBig'));
    return null;
  }
  const mime = await sniffImage(file);
  if (!mime) {
    toast.error(t('form.referenceType'));
    return null;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${mime};base64,${btoa(bin)}`;
}

/** One reference image as a data URL (png, jpeg, webp by its bytes; at most 1MB). */
export function ReferencePicker({ value, onChange, label, addLabel }: { value: string | null; onChange(v: string | null): void; label?: string; addLabel?: string }) {
  const { t } = useTranslation('draw');
  const input = useRef<HTMLInputElement>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const url = await readReference(file, t);
    if (input.current) input.current.value = '';
    if (url) onChange(url);
  };
  return (
    <div>
      <span className={fieldLabel}>{label ?? t('form.reference')}</span>
      {value ? (
        <div className="relative inline-block">
          <img src={value} alt={label ?? t('form.reference')} className="size-20 rounded-lg object-cover" />
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={t('form.referenceRemove')}
            className="absolute -top-2 -right-2 inline-flex size-6 items-center justify-center rounded-full bg-neutral-900 text-white"
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => input.current?.click()}
          className="inline-flex h-20 w-full items-center justify-center gap-2 rounded-xl border border-dashed border-neutral-300 text-sm text-neutral-600 hover:bg-neutral-50 dark:border-neutral-700 dark:text-neutral-400 dark:hover:bg-neutral-800"
        >
          <ImagePlus className="size-5" aria-hidden />
          <span>
            {addLabel ?? t('form.referenceAdd')}
            <span className="block text-xs text-neutral-500">{t('form.referenceHint')}</span>
          </span>
        </button>
      )}
      <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" className="hidden" aria-label={addLabel ?? t('form.referenceAdd')} onChange={(e) => void onFile(e.target.files?.[0])} />
    </div>
  );
}

/** Several pictures (混图: 2–5), each checked like a reference image; a tile per picture and one to add more. */
export function ReferenceList({ values, onChange, max, label }: { values: string[]; onChange(v: string[]): void; max: number; label: string }) {
  const { t } = useTranslation('draw');
  const input = useRef<HTMLInputElement>(null);
  const onFiles = async (files: FileList | null) => {
    const next = [...values];
    for (const file of Array.from(files ?? [])) {
      if (next.length >= max) {
        toast.error(t('mj.blendTooMany', { count: max }));
        break;
      }
      const url = await readReference(file, t);
      if (url) next.push(url);
    }
    if (input.current) input.current.value = '';
    onChange(next);
  };
  return (
    <div>
      <span className={fieldLabel}>{label}</span>
      <ul className="flex flex-wrap gap-3" aria-label={label}>
        {values.map((v, i) => (
          <li key={i} className="relative">
            <img src={v} alt={t('mj.blendPicture', { n: i + 1 })} className="size-20 rounded-lg object-cover" />
            <button
              type="button"
              onClick={() => onChange(values.filter((_, j) => j !== i))}
              aria-label={t('mj.blendRemove', { n: i + 1 })}
              className="absolute -top-2 -right-2 inline-flex size-6 items-center justify-center rounded-full bg-neutral-900 text-white"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </li>
        ))}
        {values.length < max && (
          <li>
            <button
              type="button"
              onClick={() => input.current?.click()}
              className="inline-flex size-20 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-neutral-300 text-xs text-neutral-600 hover:bg-neutral-50 dark:border-neutral-700 dark:text-neutral-400 dark:hover:bg-neutral-800"
            >
              <ImagePlus className="size-5" aria-hidden />
              {t('mj.blendAdd')}
            </button>
          </li>
        )}
      </ul>
      <p className="mt-1.5 text-xs text-neutral-500 dark:text-neutral-400">{t('mj.blendHint', { count: values.length, max })}</p>
      <input ref={input} type="file" multiple accept="image/png,image/jpeg,image/webp" className="hidden" aria-label={t('mj.blendAdd')} onChange={(e) => void onFiles(e.target.files)} />
    </div>
  );
}

/** The submit button with the cost and what is left; a guest is asked to log in. */
export function SubmitBar({ cost, busy, disabled, onSubmit, label }: { cost: number; busy: boolean; disabled?: boolean; onSubmit(): void; label?: ReactNode }) {
  const { t } = useTranslation('draw');
  const token = useSession((s) => s.token);
  const left = useSession((s) => s.balance?.useDrawMjToken);
  const openLogin = useSession((s) => s.openLogin);
  return (
    <div>
      <button type="button" className={primaryButton} disabled={busy || disabled} onClick={() => (token ? onSubmit() : openLogin())}>
        {busy ? t('form.drawing') : (label ?? t('form.submit'))}
      </button>
      <p className="mt-2 text-center text-xs text-neutral-500 dark:text-neutral-400">
        {t('form.cost', { count: cost })}
        {token && left !== undefined && ` · ${t('form.left', { count: left })}`}
      </p>
    </div>
  );
}
