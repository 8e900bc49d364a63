import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '@app/shared/constants';

export type Messages = { [key: string]: string | Messages };
export type LocaleBundle = Record<Locale, Messages>;

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: [FALLBACK_LOCALE],
  supportedLngs: [...LOCALES],
  defaultNS: 'common',
  ns: ['common'],
  resources: {},
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Each feature registers its own namespace, so features never edit a shared locale file. */
export function registerLocales(ns: string, bundle: LocaleBundle) {
  for (const lng of LOCALES) i18n.addResourceBundle(lng, ns, bundle[lng], true, true);
}

/** SPEC §4.9: the language is forced to zh-CN at start; en-US and zh-TW can be chosen afterwards. */
export function setLanguage(lng: Locale) {
  void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export { i18n };
