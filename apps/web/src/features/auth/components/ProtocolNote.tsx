import { useTranslation } from '../../../lib/i18n.ts';

/** The register protocol from website.protocols.register, opened in a new tab. */
export function ProtocolNote({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('auth');
  if (!url) return null;
  const label = /^《.*》$/.test(title) ? title : `《${title || url}》`;
  return (
    <p className="text-center text-xs leading-5 text-neutral-400 dark:text-neutral-500">
      {t('protocol')}
      <a href={url} target="_blank" rel="noopener noreferrer" className="text-neutral-600 underline underline-offset-2 hover:text-primary dark:text-neutral-300 dark:hover:text-indigo-400">
        {label}
      </a>
    </p>
  );
}
