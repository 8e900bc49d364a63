import type { LoginReply, SmsCodeCreateReply, WechatOauthUrlReply, WechatQrReply } from '@app/shared';
import { http, request } from '../../lib/http.ts';
import { inviteFields } from './invite-fields.ts';

export const sendSmsCode = (mobile: string) => http.post<SmsCodeCreateReply>('/api/sms-code/create', { mobile });

export const loginByMobile = (form: { mobile: string; sms_code: string; sms_id: string }) =>
  http.post<LoginReply>('/api/login/mobile', { ...form, ...inviteFields() });

export const loginByAccount = (form: { userName: string; password: string }) =>
  http.post<LoginReply>('/api/login/account-login', form);

export const registerAccount = (form: { userName: string; password: string }) =>
  http.post<LoginReply>('/api/login/register', { ...form, ...inviteFields() });

export const fetchWechatQr = () => http.get<WechatQrReply>('/api/login/wechat-qrcode');

/** The raw envelope: 202 while waiting for the scan, 200 with the token, 400 once the ticket expired. */
export const pollWechatLogin = (loginTicket: string, signal?: AbortSignal) =>
  request<LoginReply | null>('GET', '/api/login/wechat', { login_ticket: loginTicket, ...inviteFields() }, { silent: true, signal });

export const fetchOauthUrl = (redirectUri: string) =>
  http.get<WechatOauthUrlReply>('/api/login/wechat/oauth-url', { redirect_uri: redirectUri }, { silent: true });

export const loginByOauthCode = (code: string, loginTicket: string) => {
  const { invitedBy } = inviteFields();
  return http.get<LoginReply>('/api/login/wechat/info', { code, login_ticket: loginTicket, invitedBy });
};
