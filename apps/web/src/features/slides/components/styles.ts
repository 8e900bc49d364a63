/** The form field and the primary button of the /aippt screens. */
export const field =
  'w-full rounded-xl border border-neutral-200 bg-white px-3.5 py-2.5 text-[15px] text-neutral-900 outline-none focus:border-primary focus:ring-2 focus:ring-primary/20 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-50';
export const primaryButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-primary px-6 text-[15px] font-medium text-white transition-colors hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-60';

