import { Languages } from 'lucide-react';
import { LOCALES, type Locale } from '@app/shared/constants';
import { useAppSetting } from '../../lib/app-setting.ts';
import { setLanguage, useTranslation } from '../../lib/i18n.ts';
import '../locales.ts';

/** Each language named in itself, so it can be found whatever is selected. */
const NATIVE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English', 'zh-TW': '繁體中文' };

export function LanguageSelect() {
  const { t, i18n } = useTranslation('app');
  const saveLanguage = useAppSetting((s) => s.setLanguage);
  const current = (LOCALES as readonly string[]).includes(i18n.language) ? i18n.language : 'zh-CN';
  return (
    <label className="relative inline-flex h-8 items-center rounded-lg text-neutral-500 hover:bg-neutral-200/60 hover:text-neutral-800 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-neutral-100">
      <Languages className="pointer-events-none absolute left-2 size-4" aria-hidden />
      <span className="sr-only">{t('layout.language')}</span>
      <select
        value={current}
        onChange={(e) => {
          const lng = e.target.value as Locale;
          void setLanguage(lng);
          saveLanguage(lng);
        }}
        className="h-8 cursor-pointer appearance-none rounded-lg bg-transparent pl-7 pr-2 text-xs outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
      >
        {LOCALES.map((lng) => (
          <option key={lng} value={lng}>
            {NATIVE_NAMES[lng]}
          </option>
        ))}
      </select>
    </label>
  );
}
