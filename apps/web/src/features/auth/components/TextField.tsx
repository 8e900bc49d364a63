import type { InputHTMLAttributes, ReactNode } from 'react';
import clsx from 'clsx';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The message under the field; its line is always reserved so nothing shifts when it appears. */
  error?: string | null;
  prefix?: ReactNode;
  suffix?: ReactNode;
}

export function TextField({ id, label, value, onValueChange, error, prefix, suffix, className, ...input }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div
        className={clsx(
          'flex h-11 items-center gap-2 rounded-xl border bg-white px-3.5 transition-colors focus-within:ring-3 dark:bg-neutral-800/70',
          error
            ? 'border-red-400 focus-within:ring-red-500/15 dark:border-red-500/70'
            : 'border-neutral-200 focus-within:border-primary focus-within:ring-primary/15 dark:border-neutral-700 dark:focus-within:border-indigo-400',
        )}
      >
        {prefix}
        <input
          id={id}
          aria-label={label}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          className="h-full min-w-0 flex-1 bg-transparent text-[15px] text-neutral-900 outline-none placeholder:text-neutral-400 dark:text-neutral-100 dark:placeholder:text-neutral-500"
          {...input}
        />
        {suffix}
      </div>
      <p id={errorId} role={error ? 'alert' : undefined} className="min-h-5 px-1 pt-0.5 text-xs leading-5 text-red-500 dark:text-red-400">
        {error ?? ''}
      </p>
    </div>
  );
}
