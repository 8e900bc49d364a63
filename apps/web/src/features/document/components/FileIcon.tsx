import { FileImage, FileText } from 'lucide-react';
import { clsx } from 'clsx';
import { DOCUMENT_IMAGE_TYPES } from '@app/shared/constants';

const tone: Record<string, string> = {
  pdf: 'bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400',
  docx: 'bg-blue-50 text-blue-600 dark:bg-blue-500/10 dark:text-blue-400',
  doc: 'bg-blue-50 text-blue-600 dark:bg-blue-500/10 dark:text-blue-400',
  md: 'bg-violet-50 text-violet-600 dark:bg-violet-500/10 dark:text-violet-400',
  txt: 'bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300',
};
const imageTone = 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/10 dark:text-emerald-400';

/** A file's kind at a glance: a tinted tile with a document or image glyph. */
export function FileIcon({ ext, size = 'md' }: { ext: string; size?: 'sm' | 'md' | 'lg' }) {
  const e = ext.toLowerCase();
  const image = (DOCUMENT_IMAGE_TYPES as readonly string[]).includes(e);
  const Icon = image ? FileImage : FileText;
  return (
    <span
      aria-hidden
      className={clsx(
        'inline-flex shrink-0 items-center justify-center',
        size === 'sm' && 'size-7 rounded-lg',
        size === 'md' && 'size-8 rounded-lg',
        size === 'lg' && 'size-12 rounded-xl',
        image ? imageTone : (tone[e] ?? tone.txt),
      )}
    >
      <Icon className={size === 'lg' ? 'size-6' : 'size-4'} strokeWidth={1.8} />
    </span>
  );
}
