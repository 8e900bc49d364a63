import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';

/** The purchase agreement checkbox (checked by default, SPEC §4.5) and the no-refund line. */
export function Agreement({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const { t } = useTranslation('billing');
  const protocol = useSession((s) => s.website?.website.protocols.register);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-500 dark:text-neutral-400">
      <label className="inline-flex cursor-pointer items-center gap-1.5">
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="size-4 cursor-pointer rounded accent-[var(--color-primary)]"
        />
        <span>
          {t('agree')}
          {protocol?.url ? (
            <a
              href={protocol.url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-primary-fg hover:underline"
              onClick={(e) => e.stopPropagation()}
            >
              {protocol.title || t('agreeDefault')}
            </a>
          ) : (
            t('agreeDefault')
          )}
        </span>
      </label>
      <span className="text-neutral-400 dark:text-neutral-500">{t('noRefund')}</span>
    </div>
  );
}
