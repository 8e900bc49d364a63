export default { updateReady: '新版本已發佈，重新整理即可使用', reload: '重新整理', later: '稍後' };
