import { registerLocales } from '../../lib/i18n.ts';

/** Strings of code blocks' 预览 tab (namespace `artifact`), registered by the lazily loaded renderer. */
registerLocales('artifact', {
  'zh-CN': { code: '代码', preview: '预览', download: '下载为文件', downloadShort: '下载', frame: '预览', loading: '正在生成预览', failed: '图表语法有误，无法预览' },
  'en-US': { code: 'Code', preview: 'Preview', download: 'Download as a file', downloadShort: 'Download', frame: 'Preview', loading: 'Rendering the preview', failed: 'The diagram has a syntax error and cannot be previewed' },
  'zh-TW': { code: '程式碼', preview: '預覽', download: '下載為檔案', downloadShort: '下載', frame: '預覽', loading: '正在產生預覽', failed: '圖表語法有誤，無法預覽' },
});
