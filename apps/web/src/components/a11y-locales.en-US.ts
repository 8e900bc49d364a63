export default { replyDone: 'The AI reply is complete', replyFailed: 'The AI reply failed', replyStopped: 'The AI reply was stopped' };
