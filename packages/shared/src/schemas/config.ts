import { z } from 'zod';

export const menuItem = z.object({
  code: z.string(),
  name: z.string(),
  icon: z.string(),
  /** Shown in the mobile bottom bar too. */
  mobile: z.boolean(),
});
export type MenuItem = z.infer<typeof menuItem>;

export const mask = z.object({
  id: z.number(),
  name: z.string(),
  children: z.array(z.object({ name: z.string(), content: z.string() })),
});
export type Mask = z.infer<typeof mask>;

export const notice = z.object({
  has: z.boolean(),
  id: z.number(),
  title: z.string(),
  content: z.string(),
  noticeInfo: z.string(),
});
export type Notice = z.infer<typeof notice>;

const flag = z.union([z.literal(0), z.literal(1)]);

/** Every field of SPEC §3 "Global config" (besides masks and notice, which travel beside it). */
export const globalConfigFields = z.object({
  clientMenuList: z.array(menuItem),
  clientHomePath: z.string(),
  clientFavoIconPath: z.string(),
  isAutoOpenNotice: flag,
  baiduCode: z.string(),
  siteName: z.string(),
  siteRobotName: z.string(),
  companyName: z.string(),
  filingNumber: z.string(),
  robotAvatar: z.string(),
  signInStatus: flag,
  registerSendStatus: flag,
  registerSendModel3Count: z.number(),
  registerSendModel4Count: z.number(),
  registerSendDrawMjCount: z.number(),
  wechatRegisterStatus: flag,
  phoneRegisterStatus: flag,
  emailRegisterStatus: flag,
  signInModel3Count: z.number(),
  signInModel4Count: z.number(),
  signInMjDrawToken: z.number(),
  wechatSilentLoginStatus: flag,
  payHupiStatus: flag,
  payEpayStatus: flag,
  payMpayStatus: flag,
  payWechatStatus: flag,
  payEpayChannel: z.string(),
  payMpayChannel: z.string(),
  payEpayApiPayUrl: z.string(),
});
export type GlobalConfigFields = z.infer<typeof globalConfigFields>;

export const globalConfigReply = z.object({
  list: globalConfigFields,
  masks: z.array(mask),
  notice,
});
export type GlobalConfigReply = z.infer<typeof globalConfigReply>;

export const loginWay = z.enum(['all', 'mobile', 'wechat', 'other']);
export type LoginWay = z.infer<typeof loginWay>;

export const feature = z.object({
  code: z.string(),
  label: z.string(),
  /** Input length limit in characters. */
  input_ext: z.number(),
  /** Accepts image upload. */
  vision: z.boolean(),
  /** Thinks before it answers (深度思考). */
  reasoning: z.boolean().optional(),
  /** False: the model takes no temperature (the chat settings' temperature does not apply to it). */
  takes_temperature: z.boolean().optional(),
  pool: z.enum(['model3', 'model4']),
  cost: z.number(),
  description: z.string(),
});
export type Feature = z.infer<typeof feature>;

export const websiteInfoReply = z.object({
  features: z.array(feature),
  website: z.object({
    customer_service_qrcode: z.string(),
    config: z.object({ login_way: loginWay }),
    protocols: z.object({ register: z.object({ url: z.string(), title: z.string() }) }),
    pay_way: z.string(),
    copyright: z.string(),
  }),
  /** Hosts whose images replies may show (the CSP's img-src); others are shown as links. */
  image_hosts: z.array(z.string()),
  /** Web search in chat (联网搜索): null when no search service is configured; `models` null: every model may search; `cost`: extra credits per searched turn. */
  search: z.object({ models: z.array(z.string()).nullable(), cost: z.number() }).nullable().optional(),
  /** Which integrations run on their local stand-ins, so the UI can say so; `mode`: demo mode (the 演示模式 banner). */
  demo: z.object({ mode: z.boolean(), sms: z.boolean(), wechat: z.boolean(), llm: z.boolean(), pay: z.boolean() }),
  /** Voice through the operator's audio service; without it the browser's own speech features, where it has them. */
  voice: z.object({ transcribe: z.boolean(), speech: z.boolean() }),
});
export type WebsiteInfoReply = z.infer<typeof websiteInfoReply>;

export const menuReply = z.object({ list: z.array(menuItem) });
