import { registerLocales } from '../lib/i18n.ts';

registerLocales('app', {
  'zh-CN': {
    comingSoon: '即将上线，敬请期待',
    route: {
      Chat: '对话聊天', ChatFile: '文档分析', ChatTemp: '应用对话', ChatExpert: '专家对话', AppStore: '应用广场', AppH5: '应用广场',
      AppExpert: '专家对话', Market: '绘画广场', Draw: '基础绘画', Ai3: '智能绘画', Midjourney: '专业绘画', Mind: '思维导图',
      aippt: 'AI PPT', Paper: '论文写作', View: '文档查看', Role: '角色', Pay: '会员中心', Share: '推广计划', UserCenter: '个人中心',
    },
  },
  'en-US': {
    comingSoon: 'Coming soon',
    route: {
      Chat: 'Chat', ChatFile: 'Documents', ChatTemp: 'App chat', ChatExpert: 'Experts', AppStore: 'App store', AppH5: 'Apps',
      AppExpert: 'Experts', Market: 'Gallery', Draw: 'Basic drawing', Ai3: 'Smart drawing', Midjourney: 'Pro drawing', Mind: 'Mind map',
      aippt: 'AI slides', Paper: 'Thesis writing', View: 'Document view', Role: 'Role', Pay: 'Membership', Share: 'Referral', UserCenter: 'Me',
    },
  },
  'zh-TW': {
    comingSoon: '即將上線，敬請期待',
    route: {
      Chat: '對話聊天', ChatFile: '文件分析', ChatTemp: '應用對話', ChatExpert: '專家對話', AppStore: '應用廣場', AppH5: '應用廣場',
      AppExpert: '專家對話', Market: '繪畫廣場', Draw: '基礎繪畫', Ai3: '智慧繪畫', Midjourney: '專業繪畫', Mind: '思維導圖',
      aippt: 'AI PPT', Paper: '論文寫作', View: '文件查看', Role: '角色', Pay: '會員中心', Share: '推廣計劃', UserCenter: '個人中心',
    },
  },
});
