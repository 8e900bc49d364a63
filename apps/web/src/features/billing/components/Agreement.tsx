import { useSession } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/i18n.ts';

interface Props {
  /** With a checkbox (mobile, SPEC §4.5: the pay buttons show only while it is checked); without, a statement. */
  checkbox?: { checked: boolean; onChange(checked: boolean): void };
}

/** The purchase agreement (checked by default, SPEC §4.5) and the no-refund line. */
export function Agreement({ checkbox }: Props) {
  const { t } = useTranslation('billing');
  const protocol = useSession((s) => s.website?.website.protocols.register);
  const terms = (
    <span>
      {t(checkbox ? 'agree' : 'agreeByPaying')}
      {protocol?.url ? (
            <a
              href={protocol.url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-primary-fg underline underline-offset-2"
              onClick={(e) => e.stopPropagation()}
            >
              {protocol.title || t('agreeDefault')}
            </a>
      ) : (
        t('agreeDefault')
      )}
    </span>
  );
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-500 dark:text-neutral-400">
      {checkbox ? (
        <label className="inline-flex cursor-pointer items-center gap-1.5">
          <input
            type="checkbox"
            checked={checkbox.checked}
            onChange={(e) => checkbox.onChange(e.target.checked)}
            className="size-4 cursor-pointer rounded accent-[var(--color-primary)]"
          />
          {terms}
        </label>
      ) : (
        terms
      )}
      <span className="text-neutral-400 dark:text-neutral-500">{t('noRefund')}</span>
    </div>
  );
}
