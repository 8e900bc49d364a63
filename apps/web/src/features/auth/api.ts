import { callRoute, endpoint, requestRoute } from '../../lib/api.ts';
import { inviteFields } from './invite-fields.ts';

const smsCode = endpoint('auth.smsCode', 'POST', '/api/sms-code/create');
const loginMobile = endpoint('auth.loginMobile', 'POST', '/api/login/mobile');
const loginAccount = endpoint('auth.loginAccount', 'POST', '/api/login/account-login');
const register = endpoint('auth.register', 'POST', '/api/login/register');
const wechatQrcode = endpoint('auth.wechatQrcode', 'GET', '/api/login/wechat-qrcode');
const wechatPoll = endpoint('auth.wechatPoll', 'GET', '/api/login/wechat');
const wechatOauthUrl = endpoint('auth.wechatOauthUrl', 'GET', '/api/login/wechat/oauth-url');
const wechatOauthInfo = endpoint('auth.wechatOauthInfo', 'GET', '/api/login/wechat/info');

export const sendSmsCode = (mobile: string) => callRoute(smsCode, { mobile });

export const loginByMobile = (form: { mobile: string; sms_code: string; sms_id: string }) => callRoute(loginMobile, { ...form, ...inviteFields() });

export const loginByAccount = (form: { userName: string; password: string }) => callRoute(loginAccount, form);

export const registerAccount = (form: { userName: string; password: string }) => callRoute(register, { ...form, ...inviteFields() });

export const fetchWechatQr = () => callRoute(wechatQrcode, undefined);

/** The raw envelope: 202 while waiting for the scan, 200 with the token, 400 once the ticket expired. */
export const pollWechatLogin = (loginTicket: string, signal?: AbortSignal) =>
  requestRoute(wechatPoll, { login_ticket: loginTicket, ...inviteFields() }, { silent: true, signal });

export const fetchOauthUrl = (redirectUri: string) => callRoute(wechatOauthUrl, { redirect_uri: redirectUri }, { silent: true });

export const loginByOauthCode = (code: string, loginTicket: string) => {
  const { invitedBy } = inviteFields();
  return callRoute(wechatOauthInfo, { code, login_ticket: loginTicket, invitedBy });
};
