import { idParam, pageQuery } from '../schemas/common.ts';
import {
  adminFeedbackListReply,
  adminFeedbackQuery,
  adminFeedbackThreadReply,
  cardBatchCreateBody,
  cardBatchCreateReply,
  cardBatchItem,
  cardBatchKeysReply,
  cardBatchListReply,
  cardRedeemBody,
  cardRedeemedReply,
  cardRedeemReply,
  feedbackItem,
  feedbackListReply,
  feedbackReplyBody,
  feedbackReplyItem,
  feedbackThreadQuery,
  feedbackThreadReply,
} from '../schemas/support.ts';
import { defineRoutes } from './define.ts';

/** Feedback with replies and card keys (卡密): the user's side and the operator's. */
export const supportRoutes = defineRoutes('support', {
  feedbackCreate: {
    method: 'POST',
    path: '/api/ucenter/feedback/create',
    access: 'user',
    contentType: 'multipart/form-data',
    summary: '提交意见反馈（multipart：content 与至多 3 张图片 file）',
    response: feedbackItem,
  },
  feedbackList: { method: 'GET', path: '/api/ucenter/feedback/list', access: 'user', summary: '我的意见反馈与未读回复数', query: pageQuery, response: feedbackListReply },
  feedbackThread: {
    method: 'GET',
    path: '/api/ucenter/feedback/list/reply',
    access: 'user',
    summary: '一条反馈的回复（打开即标为已读）',
    query: feedbackThreadQuery,
    response: feedbackThreadReply,
  },
  feedbackReply: { method: 'POST', path: '/api/ucenter/feedback/reply', access: 'user', summary: '追加回复', body: feedbackReplyBody, response: feedbackReplyItem },
  cardRedeem: { method: 'POST', path: '/api/card-key/redeem', access: 'user', summary: '兑换卡密（每个卡密只能兑换一次）', body: cardRedeemBody, response: cardRedeemReply },
  cardRedeemed: { method: 'GET', path: '/api/card-key/mine', access: 'user', summary: '我兑换过的卡密', response: cardRedeemedReply },

  adminFeedbackList: { method: 'GET', path: '/api/admin/feedback/list', access: 'admin', summary: '全部意见反馈（可只看待回复）', query: adminFeedbackQuery, response: adminFeedbackListReply },
  adminFeedbackThread: { method: 'GET', path: '/api/admin/feedback/:id', access: 'admin', summary: '一条反馈与回复', params: idParam, response: adminFeedbackThreadReply },
  adminFeedbackReply: { method: 'POST', path: '/api/admin/feedback/reply', access: 'admin', summary: '回复用户反馈', body: feedbackReplyBody, response: feedbackReplyItem },
  adminCardBatchCreate: { method: 'POST', path: '/api/admin/card-keys/batches', access: 'admin', summary: '生成一批卡密', body: cardBatchCreateBody, response: cardBatchCreateReply },
  adminCardBatchList: { method: 'GET', path: '/api/admin/card-keys/batches', access: 'admin', summary: '卡密批次与兑换数', response: cardBatchListReply },
  adminCardBatchKeys: { method: 'GET', path: '/api/admin/card-keys/batches/:id/keys', access: 'admin', summary: '一批卡密与兑换人', params: idParam, response: cardBatchKeysReply },
  adminCardBatchCsv: { method: 'GET', path: '/api/admin/card-keys/batches/:id/csv', access: 'admin', kind: 'file', summary: '导出一批卡密（CSV）', params: idParam },
  adminCardBatchVoid: { method: 'POST', path: '/api/admin/card-keys/batches/:id/void', access: 'admin', summary: '作废一批未兑换的卡密', params: idParam, response: cardBatchItem },
});

