import { registerLocales } from './i18n.ts';

/** Strings of lib/ code shared by every feature. */
registerLocales('common', {
  'zh-CN': { loggedOut: '退出登录成功' },
  'en-US': { loggedOut: 'Logged out' },
  'zh-TW': { loggedOut: '登出成功' },
});
