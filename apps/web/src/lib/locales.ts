import { registerLocales } from './i18n.ts';

/** Strings of lib/ code shared by every feature. */
registerLocales('common', {
  'zh-CN': { loggedOut: '退出登录成功', replyFailed: '回复失败，请稍后重试' },
  'en-US': { loggedOut: 'Logged out', replyFailed: 'The reply failed, please try again later' },
  'zh-TW': { loggedOut: '登出成功', replyFailed: '回覆失敗，請稍後重試' },
});
