import { registerSplitLocales } from '../lib/i18n.ts';

/** Strings of the installable app (namespace `pwa`). */
registerSplitLocales('pwa', { updateReady: '新版本已发布，刷新即可使用', reload: '刷新', later: '稍后', install: '安装应用', installHint: '安装到桌面，像应用一样打开' }, {
  'en-US': () => import('./pwa-locales.en-US.ts'),
  'zh-TW': () => import('./pwa-locales.zh-TW.ts'),
});
