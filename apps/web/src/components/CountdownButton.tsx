import { useState } from 'react';
import clsx from 'clsx';
import { useCountdown } from '../lib/useCountdown.ts';

interface Props {
  /** How long the button stays disabled after a successful action. */
  seconds: number;
  /** Resolves true when the action succeeded and the countdown should start. */
  onAction: () => Promise<boolean>;
  label: string;
  busyLabel: string;
  countdownLabel: (secondsLeft: number) => string;
  className?: string;
}

export function CountdownButton({ seconds, onAction, label, busyLabel, countdownLabel, className }: Props) {
  const { left, start } = useCountdown();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      if (await onAction()) start(seconds);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={busy || left > 0}
      aria-live="polite"
      className={clsx(
        'shrink-0 text-sm font-medium tabular-nums text-primary transition-colors hover:text-primary-hover disabled:text-neutral-400 dark:text-indigo-400 dark:disabled:text-neutral-500',
        className,
      )}
    >
      {busy ? busyLabel : left > 0 ? countdownLabel(left) : label}
    </button>
  );
}
