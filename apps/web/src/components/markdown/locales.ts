import { registerSplitLocales } from '../../lib/i18n.ts';

/** Strings of code blocks' 预览 tab (namespace `artifact`), registered by the lazily loaded renderer. */
registerSplitLocales('artifact', { code: '代码', preview: '预览', download: '下载为文件', downloadShort: '下载', frame: '预览', loading: '正在生成预览', failed: '图表语法有误，无法预览' }, {
  'en-US': () => import('./locales.en-US.ts'),
  'zh-TW': () => import('./locales.zh-TW.ts'),
});
