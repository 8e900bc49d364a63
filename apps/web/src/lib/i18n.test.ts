import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLanguage, registerSplitLocales, setLanguage } from './i18n.ts';

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
