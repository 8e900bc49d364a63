import type { Ref } from 'react';
import { clsx } from 'clsx';
import { isSendKey } from '../lib/send-keys.ts';

interface ComposerInputProps {
  ref: Ref<HTMLTextAreaElement>;
  value: string;
  onChange(value: string): void;
  /** Enter on desktop, Ctrl+Enter on mobile (SPEC §5), never while an IME is composing. */
  onSend(): void;
  mobile: boolean;
  disabled: boolean;
  label: string;
  placeholder: string;
  maxLength?: number;
}

/** The message box of a composer: one row on mobile, two on desktop; the caller sizes it (useAutosize). */
export function ComposerInput({ ref, value, onChange, onSend, mobile, disabled, label, placeholder, maxLength }: ComposerInputProps) {
  return (
    <textarea
      ref={ref}
      value={value}
      rows={mobile ? 1 : 2}
      maxLength={maxLength}
      aria-label={label}
      placeholder={placeholder}
      disabled={disabled}
      enterKeyHint={mobile ? 'enter' : 'send'}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (isSendKey({ key: e.key, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, isComposing: e.nativeEvent.isComposing, keyCode: e.keyCode }, mobile)) {
          e.preventDefault();
          onSend();
        }
      }}
      className={clsx(
        'block w-full resize-none bg-transparent text-[15px] leading-6 outline-none placeholder:text-neutral-400 disabled:cursor-not-allowed disabled:opacity-60 dark:placeholder:text-neutral-500',
        mobile ? 'min-w-0 flex-1 py-[6px]' : 'px-4 pt-3 pb-2',
      )}
    />
  );
}
