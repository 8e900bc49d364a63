import { registerLocales, type Messages } from '../../lib/i18n.ts';

/** The dashboard page. Part of the console's `admin` namespace (locales.ts). */
const zh: Messages = {
  dashboard: {
    title: '仪表盘',
    range: '统计范围',
    days: '近 {{count}} 天',
    series: {
      users: '用户总数',
      newUsers: '新增用户',
      activeUsers: '活跃用户',
      turns: '对话次数',
      drawings: '绘画',
      documents: '文档',
      decks: 'PPT',
      theses: '论文',
      orders: '订单',
      revenue: '收入（元）',
    },
    latest: '今日 {{value}}',
    sum: '合计 {{value}}',
    chart: '{{name}}：{{from}} 至 {{to}} 每日数值',
    spentByModel: '按模型消耗额度',
    spentByFeature: '按功能消耗额度',
    model: '模型',
    feature: '功能',
  },
};

const en: Messages = {
  dashboard: {
    title: 'Dashboard',
    range: 'Period',
    days: 'Last {{count}} days',
    series: {
      users: 'Users',
      newUsers: 'New users',
      activeUsers: 'Active users',
      turns: 'Chat turns',
      drawings: 'Drawings',
      documents: 'Documents',
      decks: 'Slide decks',
      theses: 'Theses',
      orders: 'Orders',
      revenue: 'Revenue (CNY)',
    },
    latest: 'Today {{value}}',
    sum: 'Total {{value}}',
    chart: '{{name}}: daily values from {{from}} to {{to}}',
    spentByModel: 'Credits spent per model',
    spentByFeature: 'Credits spent per feature',
    model: 'Model',
    feature: 'Feature',
  },
};

const tw: Messages = {
  dashboard: {
    title: '儀表盤',
    range: '統計範圍',
    days: '近 {{count}} 天',
    series: {
      users: '使用者總數',
      newUsers: '新增使用者',
      activeUsers: '活躍使用者',
      turns: '對話次數',
      drawings: '繪畫',
      documents: '文件',
      decks: 'PPT',
      theses: '論文',
      orders: '訂單',
      revenue: '收入（元）',
    },
    latest: '今日 {{value}}',
    sum: '合計 {{value}}',
    chart: '{{name}}：{{from}} 至 {{to}} 每日數值',
    spentByModel: '按模型消耗額度',
    spentByFeature: '按功能消耗額度',
    model: '模型',
    feature: '功能',
  },
};

registerLocales('admin', { 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });
