export default { loggedOut: '登出成功', replyFailed: '回覆失敗，請稍後重試', appNotFound: '應用不存在或已下架', unauthorized: '請先登入' };
