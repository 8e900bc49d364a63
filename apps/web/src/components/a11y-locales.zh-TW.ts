export default { replyDone: 'AI 回覆已完成', replyFailed: 'AI 回覆失敗', replyStopped: 'AI 回覆已停止' };
