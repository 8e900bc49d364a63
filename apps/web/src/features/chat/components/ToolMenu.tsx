import { useEffect, useId, useRef, useState } from 'react';
import type { ChatToolOption } from '@app/shared';
import { Wrench } from 'lucide-react';
import { clsx } from 'clsx';
import { Modal, modalButton } from '../../../components/Modal.tsx';
import { useSession } from '../../../lib/session.ts';
import { useToolList } from '../hooks/useToolList.ts';
import { useChat } from '../stores/chat-store.ts';
import { pickedOf, pickOf, useToolStore } from '../stores/tool-store.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The checkbox list of the menu: title, server, description and price per call. */
function ToolList({ list, picked, onToggle }: { list: ChatToolOption[]; picked: Set<string>; onToggle(name: string, on: boolean): void }) {
  const { t } = useTranslation('chat');
  const id = useId();
  return (
    <ul className="flex flex-col gap-0.5">
      {list.map((tool, i) => (
        <li key={tool.name} data-testid={`tool-option-${tool.name}`}>
          <label className="flex cursor-pointer items-start gap-3 rounded-xl px-3 py-2.5 hover:bg-neutral-100 dark:hover:bg-neutral-800">
            <input
              type="checkbox"
              checked={picked.has(tool.name)}
              onChange={(e) => onToggle(tool.name, e.target.checked)}
              aria-labelledby={`${id}-${i}`}
              aria-describedby={[tool.description && `${id}-${i}-d`, tool.price > 0 && `${id}-${i}-p`].filter(Boolean).join(' ') || undefined}
              className="mt-0.5 size-4 shrink-0 cursor-pointer accent-[var(--color-primary)]"
            />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                <span id={`${id}-${i}`} className="text-sm font-medium break-words text-neutral-800 dark:text-neutral-100">
                  {tool.title || tool.tool}
                </span>
                <span className="text-xs text-neutral-500 dark:text-neutral-400">{tool.server}</span>
              </span>
              {tool.description && <span id={`${id}-${i}-d`} title={tool.description} className="mt-0.5 line-clamp-2 text-xs leading-5 text-neutral-500 dark:text-neutral-400">{tool.description}</span>}
            </span>
            {tool.price > 0 && (
              <span id={`${id}-${i}-p`} className="mt-0.5 shrink-0 rounded bg-amber-50 px-1.5 text-[11px] leading-[18px] whitespace-nowrap text-amber-800 dark:bg-amber-500/15 dark:text-amber-200">
                {t('tools.perCall', { n: tool.price })}
              </span>
            )}
          </label>
        </li>
      ))}
    </ul>
  );
}

/**
 * The composer's 工具 menu (issue 31): for a model that may use tools, the user picks which of the
 * listed tools this conversation may use (remembered per conversation, and on this device for a new
 * one). A popover above the button on desktop, a bottom sheet on a phone. Hidden when the model may
 * use no tools, and for a guest. The list is the model's tools query (fetched again on opening, so an
 * admin's change shows without a reload); the pick is the tool store's.
 */
export function ToolMenu({ model, mobile, disabled }: { model: string | undefined; mobile: boolean; disabled?: boolean }) {
  const { t } = useTranslation('chat');
  const token = useSession((s) => s.token);
  const { list, refresh } = useToolList(model);
  const picks = useToolStore((s) => s.picks);
  const uuid = useChat((s) => s.active);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popId = useId();

  // The menu goes when the model no longer offers tools: it does not open by itself should they come back.
  const offers = !!token && list.length > 0;
  useEffect(() => {
    if (!offers) setOpen(false);
  }, [offers]);

  useEffect(() => {
    if (!open || mobile) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, mobile]);

  if (!offers) return null;

  const mine = pickOf(picks, uuid);
  const picked = new Set(pickedOf(picks, uuid, list));
  const toggle = (name: string, on: boolean) => {
    const rest = mine.filter((n) => n !== name);
    useToolStore.getState().setPick(uuid, on ? [...rest, name] : rest);
  };
  const count = picked.size;
  const label = count ? t('tools.buttonPicked', { count }) : t('tools.button');
  const items = <ToolList list={list} picked={picked} onToggle={toggle} />;

  return (
    <div ref={root} className="relative shrink-0">
      <button
        ref={button}
        type="button"
        disabled={disabled}
        onClick={() => {
          if (!open) refresh();
          setOpen(!open);
        }}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open && !mobile ? popId : undefined}
        data-testid="tool-menu-button"
        className={clsx(
          'relative inline-flex h-9 shrink-0 items-center gap-1 rounded-full text-sm transition-colors disabled:opacity-40',
          mobile ? 'w-9 justify-center' : 'px-2.5',
          count
            ? 'bg-primary-soft text-primary-fg hover:bg-primary-soft/80'
            : 'text-neutral-600 hover:bg-neutral-100 hover:text-neutral-800 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100',
        )}
      >
        <Wrench className="size-4" aria-hidden />
        {/* The name is the whole label; what shows is the word (desktop) and the count. */}
        <span className="sr-only">{label}</span>
        {!mobile && <span aria-hidden>{t('tools.button')}</span>}
        {count > 0 && (
          <span
            aria-hidden
            className={clsx(
              'inline-flex min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-4 font-semibold text-white tabular-nums',
              mobile && 'absolute -top-0.5 -right-0.5',
            )}
          >
            {count}
          </span>
        )}
      </button>
      {mobile ? (
        <Modal
          open={open}
          onOpenChange={setOpen}
          title={t('tools.button')}
          description={t('tools.hint')}
          footer={
            <button type="button" className={modalButton.primary} onClick={() => setOpen(false)}>
              {t('tools.done')}
            </button>
          }
        >
          <div className="-mx-3">{items}</div>
        </Modal>
      ) : (
        open && (
          <div
            id={popId}
            role="dialog"
            aria-label={t('tools.button')}
            className="absolute bottom-full left-0 z-30 mb-2 w-[22rem] max-w-[calc(100vw-24px)] rounded-2xl border border-neutral-200/80 bg-white p-1.5 shadow-xl dark:border-neutral-800 dark:bg-neutral-900"
          >
            <p className="px-3 pt-2 pb-1.5 text-xs text-neutral-500 dark:text-neutral-400">{t('tools.hint')}</p>
            <div className="max-h-80 overflow-y-auto">{items}</div>
          </div>
        )
      )}
    </div>
  );
}
