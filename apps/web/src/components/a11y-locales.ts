import { registerLocales } from '../lib/i18n.ts';

/** What the screen-reader announcements say (namespace `a11y`). */
registerLocales('a11y', {
  'zh-CN': { replyDone: 'AI 回复已完成', replyFailed: 'AI 回复失败', replyStopped: 'AI 回复已停止' },
  'en-US': { replyDone: 'The AI reply is complete', replyFailed: 'The AI reply failed', replyStopped: 'The AI reply was stopped' },
  'zh-TW': { replyDone: 'AI 回覆已完成', replyFailed: 'AI 回覆失敗', replyStopped: 'AI 回覆已停止' },
});
