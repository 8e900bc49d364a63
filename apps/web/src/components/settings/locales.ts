import { registerSplitLocales } from '../../lib/i18n.ts';

/** Strings of the chat settings (namespace `settings`). */
registerSplitLocales('settings', {
  button: '对话设置',
  title: '对话设置',
  desc: '保存在本机，对之后发送的消息生效。',
  system: '系统提示词',
  systemHint: '告诉 AI 它的角色、语气或回答要求，例如「你是一名耐心的数学老师，回答尽量简洁」。',
  systemPlaceholder: '留空则使用默认设定',
  temperature: '回答风格（温度 {{value}}）',
  temperatureHint: '数值越低回答越严谨稳定，越高越有创意和变化。',
  temperatureNotTaken: '当前模型不接受温度参数，此项对它不生效。',
  marks: { strict: '严谨', precise: '精确', balanced: '平衡', creative: '创意', wild: '发散' },
  save: '保存',
  reset: '恢复默认',
  saved: '设置已保存',
  resetDone: '已恢复默认设置',
  count: '{{count}}/{{max}}',
}, {
  'en-US': () => import('./locales.en-US.ts'),
  'zh-TW': () => import('./locales.zh-TW.ts'),
});
