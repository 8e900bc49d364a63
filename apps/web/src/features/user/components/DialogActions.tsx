import { LoaderCircle } from 'lucide-react';

export function DialogActions({ busy, submitLabel, busyLabel, cancelLabel, onCancel }: { busy: boolean; submitLabel: string; busyLabel: string; cancelLabel: string; onCancel: () => void }) {
  return (
    <div className="mt-2 flex justify-end gap-2">
      <button
        type="button"
        onClick={onCancel}
        className="h-10 rounded-xl px-4 text-sm text-neutral-600 transition-colors hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800"
      >
        {cancelLabel}
      </button>
      <button
        type="submit"
        disabled={busy}
        className="flex h-10 min-w-24 items-center justify-center gap-1.5 rounded-xl bg-primary px-4 text-sm font-medium text-white transition-colors hover:bg-primary-hover disabled:opacity-70"
      >
        {busy && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
