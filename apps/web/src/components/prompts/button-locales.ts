import { registerSplitLocales } from '../../lib/i18n.ts';

/** The label of the prompts button alone (the rest of namespace `prompts` loads with its dialog). */
registerSplitLocales('prompts', { button: '提示词商店' }, {
  'en-US': () => import('./button-locales.en-US.ts'),
  'zh-TW': () => import('./button-locales.zh-TW.ts'),
});
