const block = 'animate-pulse rounded-2xl bg-neutral-200/60 dark:bg-neutral-800/70';

export function ProfileSkeleton() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 pt-6 sm:px-6 md:pt-10" aria-busy="true">
      <div className="flex items-center gap-4 px-1">
        <div className="size-16 animate-pulse rounded-full bg-neutral-200/60 dark:bg-neutral-800/70" />
        <div className="flex flex-1 flex-col gap-2">
          <div className={`h-5 w-32 ${block}`} />
          <div className={`h-4 w-24 ${block}`} />
        </div>
      </div>
      <div className={`h-16 ${block}`} />
      <div className={`h-40 ${block}`} />
      <div className="grid gap-4 md:grid-cols-2">
        <div className={`h-36 ${block}`} />
        <div className={`h-36 ${block}`} />
      </div>
    </div>
  );
}
