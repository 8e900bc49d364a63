import { registerSplitLocales } from '../../lib/i18n.ts';

/** The label of the settings button alone (the rest of namespace `settings` loads with its dialog). */
registerSplitLocales('settings', { button: '对话设置' }, {
  'en-US': () => import('./button-locales.en-US.ts'),
  'zh-TW': () => import('./button-locales.zh-TW.ts'),
});
