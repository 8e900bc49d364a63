import { callRoute, endpoint } from '../../lib/api.ts';

const signIn = endpoint('growth.signIn', 'POST', '/signin/sign');
const signInLog = endpoint('growth.signInLog', 'GET', '/signin/signinLog');

/** Silent: the dialog shows the outcome itself. */
export const signInToday = () => callRoute(signIn, undefined, { silent: true });
export const fetchSignInLog = (month?: string) => callRoute(signInLog, month ? { month } : {}, { silent: true });

const inviteCode = endpoint('growth.inviteCode', 'GET', '/user/genInviteCode');
const inviteRecord = endpoint('growth.inviteRecord', 'GET', '/user/inviteRecord');

export const fetchInviteCode = () => callRoute(inviteCode, undefined, { silent: true });
export const fetchInviteRecord = (page: number, size = 20) => callRoute(inviteRecord, { page, size }, { silent: true });
