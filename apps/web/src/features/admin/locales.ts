import { registerLocales, type Messages } from '../../lib/i18n.ts';
// The `admin` namespace, one file per page; this one holds what every page shares (the frame,
// navigation, access guard, common words, credit pools) and brings in the pages' files.
import './locales-dashboard.ts';
import './locales-users.ts';
import './locales-orders.ts';
import './locales-models.ts';
import './locales-model-keys.ts';
import './locales-site.ts';
import './locales-audit.ts';
import './locales-feedback.ts';
import './locales-cards.ts';

const zh: Messages = {
  title: '管理后台',
  nav: { label: '管理菜单', dashboard: '仪表盘', users: '用户管理', orders: '订单管理', models: '模型管理', feedback: '意见反馈', cards: '卡密管理', site: '站点配置', audit: '操作日志', backToSite: '返回前台' },
  guard: {
    loading: '正在加载…',
    needLogin: '请先登录管理员账号',
    goLogin: '前往登录',
    forbidden: '无权访问',
    forbiddenHint: '当前账号不是管理员，请换用管理员账号登录。',
    failed: '加载失败，请稍后重试',
  },
  common: {
    reason: '原因',
    reasonHint: '写入操作日志',
    save: '保存',
    saving: '正在保存…',
    saved: '已保存',
    cancel: '取消',
    confirm: '确定',
    search: '搜索',
    prev: '上一页',
    next: '下一页',
    page: '第 {{page}} / {{pages}} 页',
    total: '共 {{count}} 条',
    empty: '暂无数据',
    yes: '是',
    no: '否',
    on: '开启',
    off: '关闭',
  },
  pools: { model3: '基础对话', model4: '高级对话', draw: '绘画', ppt: 'PPT' },
};

const en: Messages = {
  title: 'Admin console',
  nav: { label: 'Admin menu', dashboard: 'Dashboard', users: 'Users', orders: 'Orders', models: 'Models', feedback: 'Feedback', cards: 'Card keys', site: 'Site settings', audit: 'Audit log', backToSite: 'Back to site' },
  guard: {
    loading: 'Loading…',
    needLogin: 'Please sign in with an administrator account',
    goLogin: 'Sign in',
    forbidden: 'Access denied',
    forbiddenHint: 'This account is not an administrator. Sign in with an administrator account.',
    failed: 'Loading failed, please try again later',
  },
  common: {
    reason: 'Reason',
    reasonHint: 'Written to the audit log',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Saved',
    cancel: 'Cancel',
    confirm: 'Confirm',
    search: 'Search',
    prev: 'Previous',
    next: 'Next',
    page: 'Page {{page}} of {{pages}}',
    total: '{{count}} in total',
    empty: 'Nothing here yet',
    yes: 'Yes',
    no: 'No',
    on: 'On',
    off: 'Off',
  },
  pools: { model3: 'Basic chat', model4: 'Advanced chat', draw: 'Drawing', ppt: 'Slides' },
};

const tw: Messages = {
  title: '管理後臺',
  nav: { label: '管理選單', dashboard: '儀表盤', users: '使用者管理', orders: '訂單管理', models: '模型管理', feedback: '意見反饋', cards: '卡密管理', site: '站點配置', audit: '操作日誌', backToSite: '返回前臺' },
  guard: {
    loading: '正在載入…',
    needLogin: '請先登入管理員賬號',
    goLogin: '前往登入',
    forbidden: '無權訪問',
    forbiddenHint: '當前賬號不是管理員，請換用管理員賬號登入。',
    failed: '載入失敗，請稍後重試',
  },
  common: {
    reason: '原因',
    reasonHint: '寫入操作日誌',
    save: '儲存',
    saving: '正在儲存…',
    saved: '已儲存',
    cancel: '取消',
    confirm: '確定',
    search: '搜尋',
    prev: '上一頁',
    next: '下一頁',
    page: '第 {{page}} / {{pages}} 頁',
    total: '共 {{count}} 條',
    empty: '暫無資料',
    yes: '是',
    no: '否',
    on: '開啟',
    off: '關閉',
  },
  pools: { model3: '基礎對話', model4: '高階對話', draw: '繪畫', ppt: 'PPT' },
};

registerLocales('admin', { 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });
