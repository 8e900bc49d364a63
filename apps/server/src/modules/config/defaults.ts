import type { GlobalConfigFields, LoginWay } from '@app/shared';

/** Site settings stored in site_config; every key has a default so a fresh database works. */
export interface SiteSettings extends Omit<GlobalConfigFields, 'clientMenuList'> {
  loginWay: LoginWay;
  customerServiceQrcode: string;
  registerProtocolUrl: string;
  registerProtocolTitle: string;
  payWay: string;
  copyright: string;
  /** Referral plan: rewards when someone registers with a user's invite code (1 on). */
  inviteRewardStatus: number;
  inviterRewardModel3Count: number;
  inviterRewardModel4Count: number;
  inviterRewardDrawCount: number;
  inviteeRewardModel3Count: number;
  inviteeRewardModel4Count: number;
  inviteeRewardDrawCount: number;
  /** Daily sign-in streak bonus: granted on every `signInStreakDays`-th day in a row (0: off). */
  signInStreakDays: number;
  signInStreakModel3Count: number;
  signInStreakModel4Count: number;
  signInStreakDrawCount: number;
  /** Commission: this percentage of the counts of every package an invitee buys goes to the inviter's base pool (0: off). */
  inviteCommissionPercent: number;
  /** At most this many rewarded invites per inviter and day (farmed sign-ups earn nothing past it). */
  inviteRewardDailyLimit: number;
}

export const SETTINGS_DEFAULTS: SiteSettings = {
  siteName: '知行 AI',
  siteRobotName: '知行助手',
  companyName: '知行智能科技',
  filingNumber: '',
  robotAvatar: '',
  clientHomePath: '/talk',
  clientFavoIconPath: '/favicon.svg',
  isAutoOpenNotice: 1,
  baiduCode: '',
  signInStatus: 1,
  signInModel3Count: 5,
  signInModel4Count: 1,
  signInMjDrawToken: 2,
  signInStreakDays: 7,
  signInStreakModel3Count: 20,
  signInStreakModel4Count: 2,
  signInStreakDrawCount: 5,
  registerSendStatus: 1,
  registerSendModel3Count: 20,
  registerSendModel4Count: 5,
  registerSendDrawMjCount: 5,
  wechatRegisterStatus: 1,
  phoneRegisterStatus: 1,
  /** Gates account + password registration (the spec's "email" register way). */
  emailRegisterStatus: 1,
  wechatSilentLoginStatus: 1,
  payWechatStatus: 0,
  payEpayStatus: 0,
  payMpayStatus: 0,
  payHupiStatus: 0,
  payEpayChannel: '["alipay","wxpay"]',
  payMpayChannel: '["alipay","wxpay"]',
  payEpayApiPayUrl: '',
  loginWay: 'all',
  customerServiceQrcode: '',
  registerProtocolUrl: '/protocol/register.html',
  registerProtocolTitle: '《用户服务协议》',
  payWay: 'ali,wx',
  copyright: '© 2026 知行 AI · 内容由 AI 生成，仅供参考',
  inviteRewardStatus: 1,
  inviteCommissionPercent: 0,
  inviterRewardModel3Count: 10,
  inviterRewardModel4Count: 2,
  inviterRewardDrawCount: 5,
  inviteeRewardModel3Count: 5,
  inviteeRewardModel4Count: 0,
  inviteeRewardDrawCount: 2,
  inviteRewardDailyLimit: 20,
};

export type SettingKey = keyof SiteSettings;
