import { registerLocales } from '../../lib/i18n.ts';

/** The label of the share button alone (the rest of namespace `share` loads with its dialog). */
registerLocales('share', {
  'zh-CN': { button: '分享对话' },
  'en-US': { button: 'Share chat' },
  'zh-TW': { button: '分享對話' },
});
