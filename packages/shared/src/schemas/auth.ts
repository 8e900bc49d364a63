import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, SMS_CODE_LENGTH, USERNAME_PATTERN } from '../constants.ts';
import { optionalText, phoneSchema } from './common.ts';

export const smsCodeCreateBody = z.object({ mobile: phoneSchema });
export type SmsCodeCreateBody = z.infer<typeof smsCodeCreateBody>;
export const smsCodeCreateReply = z.object({ sms_id: z.string() });
export type SmsCodeCreateReply = z.infer<typeof smsCodeCreateReply>;

const inviteFields = {
  invitedBy: optionalText(32),
  client_code: optionalText(64),
};

export const loginMobileBody = z.object({
  mobile: phoneSchema,
  sms_code: z
    .string({ error: '请输入验证码' })
    .trim()
    .min(1, '请输入验证码')
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), '验证码为6位数字'),
  sms_id: z.string({ error: '请先获取验证码' }).min(1, '请先获取验证码').max(64),
  ...inviteFields,
});
export type LoginMobileBody = z.infer<typeof loginMobileBody>;

export const loginAccountBody = z.object({
  userName: z.string({ error: '请输入账号' }).trim().min(1, '请输入账号').max(64),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(PASSWORD_MAX),
});
export type LoginAccountBody = z.infer<typeof loginAccountBody>;

export const passwordSchema = z
  .string({ error: '请输入密码' })
  .min(PASSWORD_MIN, `密码至少${PASSWORD_MIN}位`)
  .max(PASSWORD_MAX, `密码最多${PASSWORD_MAX}位`);

export const registerBody = z.object({
  userName: z
    .string({ error: '请输入账号' })
    .trim()
    .min(1, '请输入账号')
    .regex(USERNAME_PATTERN, '账号为4-32位字母、数字或 _ @ . -'),
  password: passwordSchema,
  ...inviteFields,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** What a successful login returns. `gift` is set when this login created the account. */
export const loginReply = z.object({
  token: z.string(),
  is_new: z.boolean(),
  gift: z
    .object({ model3: z.number(), model4: z.number(), draw: z.number() })
    .nullable(),
});
export type LoginReply = z.infer<typeof loginReply>;

export const wechatQrReply = z.object({
  /** What the QR code encodes (or an image URL when `isImage`). */
  wxUrl: z.string(),
  isImage: z.boolean(),
  loginTicket: z.string(),
  expiresIn: z.number(),
});
export type WechatQrReply = z.infer<typeof wechatQrReply>;

export const wechatPollQuery = z.object({
  login_ticket: z.string({ error: 'login_ticket 不能为空' }).min(8).max(64),
  client_code: optionalText(64),
  invitedBy: optionalText(32),
});
export type WechatPollQuery = z.infer<typeof wechatPollQuery>;

export const wechatOauthUrlQuery = z.object({
  redirect_uri: z.string({ error: 'redirect_uri 不能为空' }).url('redirect_uri 无效').max(1000),
});
export const wechatOauthUrlReply = z.object({ url: z.string(), login_ticket: z.string() });
export type WechatOauthUrlReply = z.infer<typeof wechatOauthUrlReply>;

export const wechatOauthInfoQuery = z.object({
  code: z.string({ error: 'code 不能为空' }).min(1).max(256),
  login_ticket: z.string({ error: 'login_ticket 不能为空' }).min(8).max(64),
  invitedBy: optionalText(32),
});
export type WechatOauthInfoQuery = z.infer<typeof wechatOauthInfoQuery>;

/** GET /official/getQRSceneStrByBind: a QR that binds the scanning WeChat account to the caller (SPEC §4.6). */
export const wechatBindQrReply = z.object({ sceneStr: z.string(), wxUrl: z.string(), isImage: z.boolean(), expiresIn: z.number() });
export type WechatBindQrReply = z.infer<typeof wechatBindQrReply>;
export const wechatBindBody = z.object({ sceneStr: z.string({ error: 'sceneStr 不能为空' }).min(8).max(64) });
export const wechatBindReply = z.object({ bound: z.boolean() }).nullable();
