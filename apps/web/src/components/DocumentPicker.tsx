import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { FileText, Upload } from 'lucide-react';
import { Link } from '../lib/router/index.tsx';
import type { DocumentGroup } from '@app/shared';
import { callRoute, endpoint } from '../lib/api.ts';
import { registerSplitLocales, useTranslation } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';

registerSplitLocales('documentPicker', {
  label: '从文档生成',
  none: '不使用文档',
  empty: '还没有解析好的文档。',
  upload: '上传文档',
  hint: '将以所选文档的内容为素材',
}, {
  'en-US': () => import('./DocumentPicker.en-US.ts'),
  'zh-TW': () => import('./DocumentPicker.zh-TW.ts'),
});

const histories = endpoint('document.histories', 'GET', '/api/document/histories');
/** A parsed document (SPEC §4.8 status 2) can be a tool's source. */
const READY = 2;

/** A file size as people read it: 820 KB, 1.2 MB. */
function sizeOf(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / 1024 / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

interface Props {
  /** The chosen document's token, or null. */
  value: string | null;
  onChange(doc: DocumentGroup | null): void;
  disabled?: boolean;
  className?: string;
  /** The field's name when the form means something more particular (a thesis's 参考文档). */
  label?: string;
}

/**
 * Picks one of the user's parsed documents as the source of a tool (mind map, slides, thesis).
 * Shows nothing to guests; a user without documents gets a link to upload one (/talk-file).
 */
export function DocumentPicker({ value, onChange, disabled, className, label }: Props) {
  const { t } = useTranslation('documentPicker');
  const token = useSession((s) => s.token);
  const id = useId();
  const list = useQuery({
    queryKey: ['document-picker', token],
    queryFn: () => callRoute(histories, undefined, { silent: true }).then((d) => d.list),
    enabled: !!token,
  });
  if (!token || !list.data) return null;
  const ready = list.data.filter((d) => d.status === READY);
  if (!ready.length) {
    return (
      <p className={clsx('flex flex-wrap items-center gap-1 text-xs text-neutral-500 dark:text-neutral-400', className)} data-testid="document-picker-empty">
        <FileText className="size-3.5 shrink-0" aria-hidden />
        {t('empty')}
        <Link to="/talk-file" className="inline-flex items-center gap-0.5 font-medium text-primary-fg underline-offset-2 hover:underline">
          <Upload className="size-3" aria-hidden />
          {t('upload')}
        </Link>
      </p>
    );
  }
  const chosen = value ? (ready.find((d) => d.token === value) ?? null) : null;
  return (
    <div className={clsx('flex min-w-0 items-center gap-2', className)} data-testid="document-picker">
      <label htmlFor={id} className="flex shrink-0 items-center gap-1 text-[13px] font-medium text-neutral-600 dark:text-neutral-300">
        <FileText className="size-4 text-primary-fg" aria-hidden />
        {label ?? t('label')}
      </label>
      <select
        id={id}
        value={chosen?.token ?? ''}
        disabled={disabled}
        title={chosen ? t('hint') : undefined}
        onChange={(e) => onChange(ready.find((d) => d.token === e.target.value) ?? null)}
        className={clsx(
          'h-8 min-w-0 flex-1 truncate rounded-lg border bg-white px-2 text-[13px] text-neutral-800 sm:max-w-xs dark:bg-neutral-900 dark:text-neutral-100',
          chosen ? 'border-primary' : 'border-neutral-200 dark:border-neutral-700',
        )}
      >
        <option value="">{t('none')}</option>
        {ready.map((d) => (
          <option key={d.token} value={d.token}>
            {`${d.title}（${d.file_ext.toUpperCase()} · ${sizeOf(d.file_size)}）`}
          </option>
        ))}
      </select>
    </div>
  );
}
