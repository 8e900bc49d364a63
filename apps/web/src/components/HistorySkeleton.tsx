import { clsx } from 'clsx';

interface HistorySkeletonProps {
  /** The question bubble's height: chat's one-line question (h-10) or a document question with its action (h-14). */
  questionHeight?: 'h-10' | 'h-14';
}

/** The placeholder of a conversation whose messages are loading: two question-and-reply pairs. */
export function HistorySkeleton({ questionHeight = 'h-10' }: HistorySkeletonProps) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-3 py-8 md:px-6" aria-hidden>
      {[0, 1].map((i) => (
        <div key={i} className="flex flex-col gap-6">
          <div className={clsx('ml-auto w-2/5 animate-pulse rounded-2xl bg-neutral-100 dark:bg-neutral-800', questionHeight)} />
          <div className="flex gap-3">
            <div className="size-8 shrink-0 rounded-full bg-neutral-100 dark:bg-neutral-800" />
            <div className="flex flex-1 flex-col gap-2.5 pt-1">
              <div className="h-3.5 w-11/12 animate-pulse rounded bg-neutral-100 dark:bg-neutral-800" />
              <div className="h-3.5 w-4/5 animate-pulse rounded bg-neutral-100 dark:bg-neutral-800" />
              <div className="h-3.5 w-3/5 animate-pulse rounded bg-neutral-100 dark:bg-neutral-800" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
