import { registerSplitLocales } from '../lib/i18n.ts';

/** Strings of the shared components (namespace `common`). */
registerSplitLocales('common', {
  copy: '复制',
  copied: '已复制',
  copyFailed: '复制失败，请长按文字手动复制',
  copyCode: '复制代码',
  export: '导出为图片',
  exportDone: '导出成功',
  exportFailed: '导出失败，请稍后再试',
  scrollBottom: '回到底部',
  theme: { label: '主题', auto: '跟随系统', light: '浅色', dark: '深色' },
  close: '关闭',
  openSidebar: '打开菜单',
  avatar: '头像',
  backToChat: '返回对话',
  comingSoonLine: '正在精心打磨，上线后第一时间与你见面。',
  composer: { send: '发送', stop: '停止生成', keyHint: 'Enter 发送，Shift + Enter 换行' },
}, {
  'en-US': () => import('./locales.en-US.ts'),
  'zh-TW': () => import('./locales.zh-TW.ts'),
});
