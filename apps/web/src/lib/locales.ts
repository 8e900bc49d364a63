import { registerSplitLocales } from './i18n.ts';

/** Strings of lib/ code shared by every feature. */
registerSplitLocales('common', { loggedOut: '退出登录成功', replyFailed: '回复失败，请稍后重试', appNotFound: '应用不存在或已下架', unauthorized: '请先登录' }, {
  'en-US': () => import('./locales.en-US.ts'),
  'zh-TW': () => import('./locales.zh-TW.ts'),
});
