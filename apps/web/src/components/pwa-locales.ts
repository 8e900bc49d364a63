import { registerLocales } from '../lib/i18n.ts';

/** Strings of the installable app (namespace `pwa`). */
registerLocales('pwa', {
  'zh-CN': { updateReady: '新版本已发布，刷新即可使用', reload: '刷新', later: '稍后' },
  'en-US': { updateReady: 'A new version is available', reload: 'Reload', later: 'Later' },
  'zh-TW': { updateReady: '新版本已發佈，重新整理即可使用', reload: '重新整理', later: '稍後' },
});
