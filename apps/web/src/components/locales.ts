import { registerLocales } from '../lib/i18n.ts';

/** Strings of the shared components (namespace `common`). */
registerLocales('common', {
  'zh-CN': {
    theme: { label: '主题', auto: '跟随系统', light: '浅色', dark: '深色' },
    close: '关闭',
    openSidebar: '打开菜单',
    avatar: '头像',
    backToChat: '返回对话',
    comingSoonLine: '正在精心打磨，上线后第一时间与你见面。',
  },
  'en-US': {
    theme: { label: 'Theme', auto: 'System', light: 'Light', dark: 'Dark' },
    close: 'Close',
    openSidebar: 'Open menu',
    avatar: 'Avatar',
    backToChat: 'Back to chat',
    comingSoonLine: 'We are polishing it and will bring it to you soon.',
  },
  'zh-TW': {
    theme: { label: '主題', auto: '跟隨系統', light: '淺色', dark: '深色' },
    close: '關閉',
    openSidebar: '打開選單',
    avatar: '頭像',
    backToChat: '返回對話',
    comingSoonLine: '正在精心打磨，上線後第一時間與你見面。',
  },
});
