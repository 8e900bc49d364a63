import { useTranslation } from 'react-i18next';

export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('app');
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center">
      <h1 className="text-xl font-semibold">{t(titleKey)}</h1>
      <p className="text-sm text-neutral-500">{t('comingSoon')}</p>
    </div>
  );
}
