import { registerSplitLocales } from '../lib/i18n.ts';

/** What the screen-reader announcements say (namespace `a11y`). */
registerSplitLocales('a11y', { replyDone: 'AI 回复已完成', replyFailed: 'AI 回复失败', replyStopped: 'AI 回复已停止' }, {
  'en-US': () => import('./a11y-locales.en-US.ts'),
  'zh-TW': () => import('./a11y-locales.zh-TW.ts'),
});
