import { registerLocales } from '../lib/i18n.ts';

/** What the screen-reader announcements say (namespace `a11y`). */
registerLocales('a11y', {
  'zh-CN': { replyDone: 'AI 回复：{{text}}', replyFailed: 'AI 回复失败：{{text}}', replyStopped: 'AI 回复已停止：{{text}}' },
  'en-US': { replyDone: 'AI reply: {{text}}', replyFailed: 'AI reply failed: {{text}}', replyStopped: 'AI reply stopped: {{text}}' },
  'zh-TW': { replyDone: 'AI 回覆：{{text}}', replyFailed: 'AI 回覆失敗：{{text}}', replyStopped: 'AI 回覆已停止：{{text}}' },
});
