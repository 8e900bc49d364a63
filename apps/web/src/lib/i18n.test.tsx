import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { i18n, loadLanguage, registerLocales, registerSplitLocales, setLanguage, useTranslation } from './i18n.ts';

describe('split locales', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('hold zh-CN at once and download another language only when it is chosen', async () => {
    const enUS = vi.fn(async () => ({ default: { hello: 'Hello', nested: { bye: 'Bye' } } }));
    const zhTW = vi.fn(async () => ({ default: { hello: '您好', nested: { bye: '再會' } } }));
    registerSplitLocales('splitTest', { hello: '你好', nested: { bye: '再见' } }, { 'en-US': enUS, 'zh-TW': zhTW });
    expect(i18n.t('splitTest:hello')).toBe('你好');
    expect(enUS).not.toHaveBeenCalled();

    await setLanguage('en-US');
    expect(i18n.t('splitTest:nested.bye')).toBe('Bye');
    expect(document.documentElement.lang).toBe('en-US');
    await setLanguage('zh-TW');
    expect(i18n.t('splitTest:hello')).toBe('您好');
    await setLanguage('en-US');
    expect(enUS).toHaveBeenCalledTimes(1);
  });

  it('downloads a namespace registered after the switch (a screen opened later)', async () => {
    await setLanguage('en-US');
    let arrive!: (m: { default: { title: string } }) => void;
    registerSplitLocales('lateTest', { title: '标题' }, { 'en-US': () => new Promise((r) => (arrive = r)), 'zh-TW': async () => ({ default: { title: '標題' } }) });
    // Until the English strings arrive the screen reads Chinese rather than a raw key.
    expect(i18n.t('lateTest:title')).toBe('标题');
    arrive({ default: { title: 'Title' } });
    await loadLanguage('en-US');
    expect(i18n.t('lateTest:title')).toBe('Title');
  });

  it('tries a failed download again on the next switch', async () => {
    let fail = true;
    registerSplitLocales('flakyTest', { ok: '好' }, { 'en-US': async () => (fail ? Promise.reject(new Error('offline')) : { default: { ok: 'OK' } }), 'zh-TW': async () => ({ default: { ok: '好' } }) });
    await setLanguage('en-US');
    expect(i18n.t('flakyTest:ok')).toBe('好');
    fail = false;
    await setLanguage('en-US');
    expect(i18n.t('flakyTest:ok')).toBe('OK');
  });
});

describe('t() (issue 30: the part of i18next the app used, same results)', () => {
  registerLocales('tTest', {
    'zh-CN': { greet: '你好 {{name}}，{{ count }} 条', nested: { deep: { key: '深' } }, empty: '', onlyZh: '只有中文' },
    'en-US': { greet: 'Hi {{name}}, {{count}}', onlyEn: 'English only', nested: { deep: { key: 'deep' } }, empty: '', onlyZh: 'EN' },
    'zh-TW': { greet: '您好 {{name}}', nested: { deep: { key: '深' } }, empty: '' },
  });

  it('reads ns:dotted.keys and fills {{values}}; a value not given stays as written, null is empty', () => {
    expect(i18n.t('tTest:greet', { name: '小明', count: 3 })).toBe('你好 小明，3 条');
    expect(i18n.t('tTest:nested.deep.key')).toBe('深');
    expect(i18n.t('tTest:greet', { name: null })).toBe('你好 ，{{ count }} 条');
    expect(i18n.t('tTest:greet', { name: 0, count: 0 })).toBe('你好 0，0 条');
    expect(i18n.t('greet', { ns: 'tTest', name: 'A', count: 1 })).toBe('你好 A，1 条');
    expect(i18n.t('tTest:empty')).toBe('');
  });

  it('a key the language lacks comes from en-US, then zh-CN; else defaultValue, else the key without its namespace', () => {
    expect(i18n.t('tTest:onlyEn')).toBe('English only');
    expect(i18n.t('tTest:greet', { lng: 'en-US', name: 'A', count: 2 })).toBe('Hi A, 2');
    expect(i18n.getFixedT('zh-TW', 'tTest')('onlyZh')).toBe('EN'); // en-US before zh-CN, as i18next's fallbackLng said
    expect(i18n.t('tTest:missing.key')).toBe('missing.key');
    expect(i18n.t('tTest:missing', { defaultValue: '默认 {{n}}', n: 1 })).toBe('默认 1');
    expect(i18n.t('tTest:nested')).toBe('nested'); // a group, not a string
    expect(i18n.exists('tTest:onlyEn', { lng: 'zh-CN', fallbackLng: [] })).toBe(false);
    expect(i18n.exists('tTest:onlyEn', { lng: 'zh-CN' })).toBe(true);
  });

  it('useTranslation re-renders on a language switch and when strings arrive, with a new t', async () => {
    const seen: string[] = [];
    function Probe() {
      const { t } = useTranslation('tTest');
      seen.push(t('greet', { name: 'A', count: 1 }));
      return <p>{t('late', { defaultValue: '…' })}</p>;
    }
    render(<Probe />);
    expect(screen.getByText('…')).toBeTruthy();
    await act(() => setLanguage('en-US'));
    expect(seen.at(-1)).toBe('Hi A, 1');
    act(() => i18n.addResourceBundle('en-US', 'tTest', { late: 'arrived' }));
    expect(screen.getByText('arrived')).toBeTruthy();
  });
});
