import { registerLocales } from '../../lib/i18n.ts';

/** The label of the settings button alone (the rest of namespace `settings` loads with its dialog). */
registerLocales('settings', {
  'zh-CN': { button: '对话设置' },
  'en-US': { button: 'Chat settings' },
  'zh-TW': { button: '對話設定' },
});
