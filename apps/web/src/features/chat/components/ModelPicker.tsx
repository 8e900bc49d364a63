import { useEffect, useId, useRef, useState } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { clsx } from 'clsx';
import { switchModel } from '../controller/groups.ts';
import { useChat } from '../stores/chat-store.ts';
import { useCurrentFeature, useFeatures } from '../stores/model-store.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** SPEC §2.7 model picker: a listbox of website.features; disabled while a reply is generated. */
export function ModelPicker({ compact, locked }: { compact?: boolean; locked?: boolean }) {
  const { t } = useTranslation('chat');
  const features = useFeatures();
  const current = useCurrentFeature();
  const generating = useChat((s) => s.generating);
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  if (!current) return null;

  const choose = (code: string) => {
    setOpen(false);
    if (code !== current.code) void switchModel(code);
  };
  const openList = () => {
    setFocus(Math.max(0, features.findIndex((f) => f.code === current.code)));
    setOpen(true);
  };

  return (
    <div ref={root} className="relative min-w-0">
      <button
        type="button"
        aria-label={t('modelNamed', { label: current.label })}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        disabled={generating || !!locked}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={(e) => {
          if (!open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
            e.preventDefault();
            openList();
          } else if (open) {
            if (e.key === 'Escape') setOpen(false);
            else if (e.key === 'ArrowDown') setFocus((i) => (i + 1) % features.length);
            else if (e.key === 'ArrowUp') setFocus((i) => (i - 1 + features.length) % features.length);
            else if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              choose(features[focus]!.code);
              return;
            } else return;
            e.preventDefault();
          }
        }}
        className={clsx(
          'inline-flex max-w-full min-w-0 items-center gap-1 rounded-lg font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50',
          compact
            ? 'h-6 px-1.5 text-xs text-neutral-500 hover:bg-neutral-100 dark:text-neutral-400 dark:hover:bg-neutral-800'
            : 'h-9 px-2.5 text-[15px] text-neutral-800 hover:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-800',
        )}
      >
        <span className="truncate">{current.label}</span>
        <ChevronDown className={clsx('shrink-0 text-neutral-400 transition-transform', compact ? 'size-3.5' : 'size-4', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('model')}
          aria-activedescendant={`${listId}-${focus}`}
          className={clsx(
            'absolute z-30 mt-1.5 w-72 max-w-[calc(100vw-24px)] overflow-hidden rounded-2xl border border-neutral-200/80 bg-white p-1.5 shadow-xl dark:border-neutral-800 dark:bg-neutral-900',
            compact ? 'left-1/2 -translate-x-1/2' : 'left-0',
          )}
        >
          {features.map((f, i) => {
            const selected = f.code === current.code;
            return (
              <li
                key={f.code}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={selected}
                onClick={() => choose(f.code)}
                onPointerMove={() => setFocus(i)}
                className={clsx('flex cursor-pointer items-start gap-2.5 rounded-xl px-3 py-2.5', i === focus && 'bg-neutral-100 dark:bg-neutral-800')}
              >
                <div className="min-w-0 flex-1">
                  <div className="flex items-center gap-1.5 text-sm font-medium">
                    <span className="truncate">{f.label}</span>
                    {f.vision && <span className="shrink-0 rounded bg-sky-50 px-1.5 text-[11px] leading-[18px] font-normal text-sky-700 dark:bg-sky-500/15 dark:text-sky-300">{t('modelVision')}</span>}
                    {f.pool === 'model4' && <span className="shrink-0 rounded bg-amber-50 px-1.5 text-[11px] leading-[18px] font-normal text-amber-700 dark:bg-amber-500/15 dark:text-amber-300">{t('modelAdvanced')}</span>}
                  </div>
                  {f.description && <p className="mt-0.5 text-xs leading-5 text-neutral-500 dark:text-neutral-400">{f.description}</p>}
                </div>
                <Check className={clsx('mt-0.5 size-4 shrink-0 text-primary-fg', !selected && 'invisible')} aria-hidden />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
