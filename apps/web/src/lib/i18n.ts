import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '@app/shared/constants';

export type Messages = { [key: string]: string | Messages };
export type LocaleBundle = Record<Locale, Messages>;
/** The same keys as T, any text: what another language's file of a namespace must hold. */
export type LocaleShape<T> = { [K in keyof T]: T[K] extends string ? string : LocaleShape<T[K]> };
type OtherLocale = Exclude<Locale, 'zh-CN'>;
type LocaleLoaders<T> = { [L in OtherLocale]: () => Promise<{ default: LocaleShape<T> }> };

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  // SPEC §9's fallback first; zh-CN last, being the one language always in memory.
  fallbackLng: [FALLBACK_LOCALE, DEFAULT_LOCALE],
  supportedLngs: [...LOCALES],
  defaultNS: 'common',
  ns: ['common'],
  resources: {},
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // A language's strings arrive after the screen using them renders: re-render when they do.
  react: { bindI18nStore: 'added' },
});

/** For code that is itself loaded on demand (the admin console): every language in one place. */
export function registerLocales(ns: string, bundle: LocaleBundle) {
  for (const lng of LOCALES) i18n.addResourceBundle(lng, ns, bundle[lng], true, true);
}

const split: { ns: string; loaders: LocaleLoaders<Messages>; loading: Map<Locale, Promise<void>> }[] = [];

function loadSplit(entry: (typeof split)[number], lng: Locale): Promise<void> {
  if (lng === 'zh-CN') return Promise.resolve();
  let done = entry.loading.get(lng);
  if (!done) {
    done = entry.loaders[lng]().then(
      (m) => void i18n.addResourceBundle(lng, entry.ns, m.default, true, true),
      () => {
        entry.loading.delete(lng); // a failed download is tried again on the next switch
      },
    );
    entry.loading.set(lng, done);
  }
  return done;
}

/**
 * Features register zh-CN (the language every visit starts in, SPEC §4.9) with the other
 * languages as dynamic imports: the first load carries one language, not three.
 */
export function registerSplitLocales<T extends Messages>(ns: string, zhCN: T, others: LocaleLoaders<T>) {
  i18n.addResourceBundle('zh-CN', ns, zhCN, true, true);
  const entry = { ns, loaders: others as LocaleLoaders<Messages>, loading: new Map<Locale, Promise<void>>() };
  split.push(entry);
  const current = i18n.language as Locale;
  if (current !== 'zh-CN') void loadSplit(entry, current);
}

/** Downloads every registered namespace's strings of one language. */
export function loadLanguage(lng: Locale): Promise<void> {
  return Promise.all(split.map((entry) => loadSplit(entry, lng))).then(() => undefined);
}

/** SPEC §4.9: the language is forced to zh-CN at start; en-US and zh-TW can be chosen afterwards. */
export async function setLanguage(lng: Locale) {
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export { i18n };
