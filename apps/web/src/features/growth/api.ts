import type { FeedbackItem } from '@app/shared';
import { callRoute, endpoint } from '../../lib/api.ts';
import { call } from '../../lib/http.ts';

const signIn = endpoint('growth.signIn', 'POST', '/signin/sign');
const signInLog = endpoint('growth.signInLog', 'GET', '/signin/signinLog');

/** Silent: the dialog shows the outcome itself. */
export const signInToday = () => callRoute(signIn, undefined, { silent: true });
export const fetchSignInLog = (month?: string) => callRoute(signInLog, month ? { month } : {}, { silent: true });

const inviteCode = endpoint('growth.inviteCode', 'GET', '/user/genInviteCode');
const inviteRecord = endpoint('growth.inviteRecord', 'GET', '/user/inviteRecord');

export const fetchInviteCode = () => callRoute(inviteCode, undefined, { silent: true });
export const fetchInviteRecord = (page: number, size = 20) => callRoute(inviteRecord, { page, size }, { silent: true });

const feedbackCreate = endpoint('support.feedbackCreate', 'POST', '/api/ucenter/feedback/create');
const feedbackList = endpoint('support.feedbackList', 'GET', '/api/ucenter/feedback/list');
const feedbackThread = endpoint('support.feedbackThread', 'GET', '/api/ucenter/feedback/list/reply');
const feedbackReply = endpoint('support.feedbackReply', 'POST', '/api/ucenter/feedback/reply');

/** Multipart: the text and up to three pictures. */
export function createFeedback(content: string, images: File[]) {
  const form = new FormData();
  form.append('content', content);
  for (const f of images) form.append('file', f, f.name);
  return call<FeedbackItem>(feedbackCreate.method, feedbackCreate.path, form, { silent: true });
}
export const fetchFeedbacks = (page = 1, size = 50) => callRoute(feedbackList, { page, size }, { silent: true });
export const fetchFeedbackThread = (id: number) => callRoute(feedbackThread, { id }, { silent: true });
export const replyFeedback = (id: number, content: string) => callRoute(feedbackReply, { id, content }, { silent: true });

const cardRedeem = endpoint('support.cardRedeem', 'POST', '/api/card-key/redeem');
const cardRedeemed = endpoint('support.cardRedeemed', 'GET', '/api/card-key/mine');
export const redeemCardKey = (code: string) => callRoute(cardRedeem, { code }, { silent: true });
export const fetchRedeemedCards = () => callRoute(cardRedeemed, undefined, { silent: true });
