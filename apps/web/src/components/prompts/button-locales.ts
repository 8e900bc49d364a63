import { registerLocales } from '../../lib/i18n.ts';

/** The label of the prompts button alone (the rest of namespace `prompts` loads with its dialog). */
registerLocales('prompts', {
  'zh-CN': { button: '提示词商店' },
  'en-US': { button: 'Prompt store' },
  'zh-TW': { button: '提示詞商店' },
});
