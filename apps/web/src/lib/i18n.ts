import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '@app/shared/constants';

export type Messages = { [key: string]: string | Messages };
export type LocaleBundle = Record<Locale, Messages>;
/** The same keys as T, any text: what another language's file of a namespace must hold. */
export type LocaleShape<T> = { [K in keyof T]: T[K] extends string ? string : LocaleShape<T[K]> };
type OtherLocale = Exclude<Locale, 'zh-CN'>;
type LocaleLoaders<T> = { [L in OtherLocale]: () => Promise<{ default: LocaleShape<T> }> };

/** What t() takes besides the key: {{name}} values, and `ns`, `lng`, `defaultValue`. */
export type TOptions = { ns?: string; lng?: string; defaultValue?: string; [value: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;

/**
 * Issue 30: the app's translations, without i18next (15 KiB of every first load, and its t() was
 * a tenth of the first screen's script time on a phone). The part of i18next the app used, with
 * the same results: `ns:a.b` keys (namespace `common` by default), {{value}} interpolation
 * (unescaped: React escapes; a value not given stays as written), a key missing in the language
 * looked up in en-US and then zh-CN, and the key itself (without its namespace) when none has it.
 */
const DEFAULT_NS = 'common';
const FALLBACKS: Locale[] = [FALLBACK_LOCALE, DEFAULT_LOCALE];
const data: Record<string, Record<string, Messages>> = {};
let language: string = DEFAULT_LOCALE;
/** Bumped by every change of language or strings: what useTranslation re-renders on. */
let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  version++;
  for (const l of listeners) l();
};

function lookup(lng: string, ns: string, key: string): string | undefined {
  let at: string | Messages | undefined = data[lng]?.[ns];
  for (const part of key.split('.')) {
    if (at === undefined || typeof at === 'string') return undefined;
    at = at[part];
  }
  return typeof at === 'string' ? at : undefined;
}

function interpolate(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return value === null ? '' : String(value);
  });
}

function splitKey(fullKey: string, ns: string | undefined): [string, string] {
  const colon = fullKey.indexOf(':');
  return colon > 0 ? [fullKey.slice(0, colon), fullKey.slice(colon + 1)] : [ns ?? DEFAULT_NS, fullKey];
}

function languagesFor(lng: string, fallbacks: readonly string[] = FALLBACKS): string[] {
  return [lng, ...fallbacks.filter((l) => l !== lng)];
}

function translate(fullKey: string, options: TOptions | undefined, ns?: string, lng?: string): string {
  const [namespace, key] = splitKey(fullKey, options?.ns ?? ns);
  for (const l of languagesFor(options?.lng ?? lng ?? language)) {
    const found = lookup(l, namespace, key);
    if (found !== undefined) return interpolate(found, options);
  }
  return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : key;
}

function deepMerge(into: Messages, from: Messages) {
  for (const [k, v] of Object.entries(from)) {
    const current = into[k];
    if (typeof v === 'object' && typeof current === 'object') deepMerge(current, v);
    else into[k] = typeof v === 'object' ? deepMerge({}, v) : v;
  }
  return into;
}

export const i18n = {
  get language() {
    return language;
  },
  /** The strings held, by language and namespace (read by tests). */
  store: { data },
  t: ((key, options) => translate(key, options)) as TFunction,
  /** A t() of one language and namespace. */
  getFixedT: (lng: string, ns?: string): TFunction => (key, options) => translate(key, options, ns, lng),
  exists(fullKey: string, options: { lng?: string; ns?: string; fallbackLng?: string[] } = {}) {
    const [ns, key] = splitKey(fullKey, options.ns);
    return languagesFor(options.lng ?? language, options.fallbackLng).some((l) => lookup(l, ns, key) !== undefined);
  },
  /** One language's strings of a namespace (empty when it has none). */
  getResourceBundle: (lng: string, ns: string): Messages => data[lng]?.[ns] ?? {},
  /** The string or group of strings at `key` (dotted) of one language and namespace. */
  getResource(lng: string, ns: string, key: string): string | Messages | undefined {
    let at: string | Messages | undefined = data[lng]?.[ns];
    for (const part of key.split('.')) at = at === undefined || typeof at === 'string' ? undefined : at[part];
    return at;
  },
  /** Adds (deep-merges) one language's strings of a namespace; screens showing it re-render. */
  addResourceBundle(lng: string, ns: string, messages: Messages) {
    const byNs = (data[lng] ??= {});
    byNs[ns] = deepMerge(byNs[ns] ?? {}, messages);
    changed();
  },
  async changeLanguage(lng: string) {
    if (lng === language) return;
    language = lng;
    changed();
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentVersion = () => version;

/** t() of a namespace for a component; it re-renders when the language or the strings change. */
export function useTranslation(ns: string = DEFAULT_NS): { t: TFunction; i18n: typeof i18n } {
  const at = useSyncExternalStore(subscribe, currentVersion);
  // A new t on each change, so effects and memos that use it run again (as with react-i18next).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useCallback<TFunction>((key, options) => translate(key, options, ns), [ns, at]);
  return { t, i18n };
}

/** For code that is itself loaded on demand (the admin console): every language in one place. */
export function registerLocales(ns: string, bundle: LocaleBundle) {
  for (const lng of LOCALES) i18n.addResourceBundle(lng, ns, bundle[lng]);
}

const split: { ns: string; loaders: LocaleLoaders<Messages>; loading: Map<Locale, Promise<void>> }[] = [];

function loadSplit(entry: (typeof split)[number], lng: Locale): Promise<void> {
  if (lng === 'zh-CN') return Promise.resolve();
  let done = entry.loading.get(lng);
  if (!done) {
    done = entry.loaders[lng]().then(
      (m) => void i18n.addResourceBundle(lng, entry.ns, m.default),
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
  i18n.addResourceBundle('zh-CN', ns, zhCN);
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

