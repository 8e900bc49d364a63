import type { InputHTMLAttributes } from 'react';
import clsx from 'clsx';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
}

/** A labelled input with its message line reserved underneath. */
export function FormField({ id, label, value, onValueChange, error, ...input }: Props) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-[13px] font-medium text-neutral-700 dark:text-neutral-300">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        className={clsx(
          'h-10 w-full rounded-xl border bg-white px-3 text-[15px] text-neutral-900 outline-none transition-colors placeholder:text-neutral-400 focus:ring-3 dark:bg-neutral-800/70 dark:text-neutral-100 dark:placeholder:text-neutral-500',
          error
            ? 'border-red-400 focus:ring-red-500/15 dark:border-red-500/70'
            : 'border-neutral-200 focus:border-primary focus:ring-primary/15 dark:border-neutral-700 dark:focus:border-indigo-400',
        )}
        {...input}
      />
      <p id={`${id}-error`} role={error ? 'alert' : undefined} className="min-h-5 px-0.5 pt-0.5 text-xs leading-5 text-red-500 dark:text-red-400">
        {error ?? ''}
      </p>
    </div>
  );
}
