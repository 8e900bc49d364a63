import { registerSplitLocales } from '../../lib/i18n.ts';

/** The label of the share button alone (the rest of namespace `share` loads with its dialog). */
registerSplitLocales('share', { button: '分享对话' }, {
  'en-US': () => import('./button-locales.en-US.ts'),
  'zh-TW': () => import('./button-locales.zh-TW.ts'),
});
