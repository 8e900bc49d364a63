import { registerSplitLocales } from '../../lib/i18n.ts';

/** Template chat and expert chat (SPEC §2.7), in the chat namespace. */
registerSplitLocales('chat', {
  tabTemplates: '模板',
  tabExperts: '专家',
  tabHistory: '历史',
  sideTabs: '侧边栏',
  menuLoading: '加载中…',
  menuEmpty: '暂无内容',
  menuFailed: '加载失败',
  reload: '重新加载',
  pickTemplate: '请从左侧选择一个模板',
  pickExpert: '请从左侧选择一位专家',
  openMenu: '选择模板',
  openExperts: '选择专家',
  generate: '生成内容',
  generating: '生成中…',
  required: '必填',
  selectPlaceholder: '请选择',
  formLocked: '已生成内容，可在下方继续对话',
  exampleQuestions: '示例问题',
  aiNotice: '以上回答由 AI 生成，不保证 100% 准确，仅供参考',
  loginToGenerate: '登录后即可生成内容',
  detailFailed: '详情加载失败',
}, {
  'en-US': () => import('./locales-apps.en-US.ts'),
  'zh-TW': () => import('./locales-apps.zh-TW.ts'),
});
