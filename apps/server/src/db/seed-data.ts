/** First-start content, in Chinese, so every screen has something real to show. */

export const SEED_MENUS = [
  { code: 'Chat', name: '对话聊天', icon: 'message-circle', mobile: true },
  { code: 'AppStore', name: '应用广场', icon: 'layout-grid', mobile: false },
  { code: 'AppH5', name: '应用广场', icon: 'layout-grid', mobile: true },
  { code: 'AppExpert', name: '专家对话', icon: 'graduation-cap', mobile: false },
  { code: 'ChatFile', name: '文档分析', icon: 'file-text', mobile: true },
  { code: 'Midjourney', name: '专业绘画', icon: 'palette', mobile: true },
  { code: 'Ai3', name: '智能绘画', icon: 'wand-sparkles', mobile: true },
  { code: 'Draw', name: '基础绘画', icon: 'brush', mobile: false },
  { code: 'Market', name: '绘画广场', icon: 'images', mobile: false },
  { code: 'Mind', name: '思维导图', icon: 'network', mobile: false },
  { code: 'aippt', name: 'AI PPT', icon: 'presentation', mobile: false },
  { code: 'Paper', name: '论文写作', icon: 'notebook-pen', mobile: false },
  { code: 'Share', name: '推广计划', icon: 'gift', mobile: false },
  { code: 'Pay', name: '会员中心', icon: 'crown', mobile: false },
  { code: 'UserCenter', name: '个人中心', icon: 'user', mobile: true },
];

export const SEED_MODELS = [
  {
    code: 'ai_35',
    label: '极速对话',
    description: '响应快，适合日常问答与写作',
    upstreamModel: 'gpt-4o-mini',
    inputExt: 2000,
    vision: false,
    pool: 'model3',
    cost: 1,
  },
  {
    code: 'deepseek_v3',
    label: 'DeepSeek V3',
    description: '中文理解强，擅长推理与代码',
    upstreamModel: 'deepseek-chat',
    inputExt: 4000,
    vision: false,
    pool: 'model3',
    cost: 1,
  },
  {
    code: 'ai_4o',
    label: '高级对话 4o',
    description: '更强的理解与创作，支持识图',
    upstreamModel: 'gpt-4o',
    inputExt: 8000,
    vision: true,
    pool: 'model4',
    cost: 1,
  },
  {
    code: 'ai_4_vision',
    label: '识图专家',
    description: '上传图片，解读图表、截图与照片',
    upstreamModel: 'gpt-4o',
    inputExt: 4000,
    vision: true,
    pool: 'model4',
    cost: 1,
  },
];

export const SEED_MASKS = [
  {
    name: '工作效率',
    children: [
      { name: '写一封请假邮件', content: '帮我写一封给领导的请假邮件，因家中有事需请假两天，语气礼貌、简洁。' },
      { name: '周报生成', content: '请根据以下工作内容帮我整理一份结构清晰的周报：完成了登录模块开发，修复了3个线上问题，参加了需求评审。' },
      { name: '会议纪要', content: '请把下面的会议要点整理成正式的会议纪要，包含议题、结论和待办事项。' },
    ],
  },
  {
    name: '学习成长',
    children: [
      { name: '解释一个概念', content: '用通俗易懂的语言解释什么是“机器学习”，并举一个生活中的例子。' },
      { name: '制定学习计划', content: '我想在三个月内学会 Python 数据分析，请帮我制定一个每周的学习计划。' },
      { name: '英语作文批改', content: '请帮我批改下面这篇英语作文，指出语法错误并给出改进建议。' },
    ],
  },
  {
    name: '生活灵感',
    children: [
      { name: '周末去哪儿', content: '周末想带孩子在城市周边玩一天，有什么推荐的活动安排？' },
      { name: '今晚吃什么', content: '冰箱里有鸡蛋、西红柿、土豆和青椒，帮我设计两道家常菜并写出做法。' },
      { name: '写一段生日祝福', content: '帮我给好朋友写一段真诚又有趣的生日祝福，80字左右。' },
    ],
  },
];

export const SEED_NOTICE = {
  title: '欢迎使用知行 AI',
  content:
    '## 欢迎来到知行 AI\n\n- 新用户注册即赠送对话与绘画额度，登录后即可体验。\n- 支持多种模型对话、文档分析、AI 绘画、思维导图与 PPT 生成。\n- 每日签到可领取额外额度，开通会员享受更多权益。\n\n如有问题，欢迎通过个人中心反馈。',
};

/** Prices in fen. */
export const SEED_PACKAGES = [
  {
    name: '体验月卡',
    introduction: '轻度使用，畅享基础对话',
    description: '基础对话 500 次\n高级对话 50 次\n绘画 20 次\n有效期 30 天',
    price: 1990,
    priceY: 2990,
    discount: '限时67折',
    days: 30,
    level: 1,
    model3Count: 500,
    model4Count: 50,
    drawCount: 20,
  },
  {
    name: '标准季卡',
    introduction: '最受欢迎，工作学习好帮手',
    description: '基础对话 2000 次\n高级对话 300 次\n绘画 100 次\n有效期 90 天',
    price: 4990,
    priceY: 8990,
    discount: '限时56折',
    days: 90,
    level: 2,
    model3Count: 2000,
    model4Count: 300,
    drawCount: 100,
  },
  {
    name: '专业年卡',
    introduction: '重度使用，全年无忧',
    description: '基础对话 10000 次\n高级对话 2000 次\n绘画 600 次\n有效期 365 天',
    price: 16800,
    priceY: 35880,
    discount: '限时47折',
    days: 365,
    level: 3,
    model3Count: 10000,
    model4Count: 2000,
    drawCount: 600,
  },
  {
    name: '至尊永久卡',
    introduction: '一次购买，长期使用',
    description: '基础对话 50000 次\n高级对话 10000 次\n绘画 3000 次\n有效期 3650 天',
    price: 49900,
    priceY: 99900,
    discount: '限时5折',
    days: 3650,
    level: 4,
    model3Count: 50000,
    model4Count: 10000,
    drawCount: 3000,
  },
  {
    name: '加油包',
    introduction: '额度不够？随时补充',
    description: '基础对话 300 次\n高级对话 30 次\n永久有效',
    price: 990,
    priceY: 1490,
    discount: '',
    days: 0,
    level: 0,
    model3Count: 300,
    model4Count: 30,
    drawCount: 0,
  },
];

export const SEED_ACTIVITY_PACKAGE = {
  name: '新人专享月卡',
  introduction: '仅限首次开通，错过不再有',
  description: '基础对话 500 次\n高级对话 50 次\n绘画 20 次\n有效期 30 天',
  price: 990,
  priceY: 2990,
  discount: '新人价',
  days: 30,
  level: 1,
  model3Count: 500,
  model4Count: 50,
  drawCount: 20,
  isActivity: 1,
};

/** Slide packages (AI PPT quota): decks to generate, never expiring (base pool). Prices in fen. */
export const SEED_PPT_PACKAGES = [
  { name: 'PPT 体验包', introduction: '先做几份试试', description: '生成 PPT 3 次\n每次 5–30 页\n永久有效', price: 990, priceY: 1490, discount: '', pptCount: 3 },
  { name: 'PPT 标准包', introduction: '汇报、课件都够用', description: '生成 PPT 10 次\n每次 5–30 页\n永久有效', price: 2990, priceY: 4990, discount: '6折', pptCount: 10 },
  { name: 'PPT 专业包', introduction: '团队常用，单次更省', description: '生成 PPT 30 次\n每次 5–30 页\n永久有效', price: 6990, priceY: 14970, discount: '47折', pptCount: 30 },
];
