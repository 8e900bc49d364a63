export default { updateReady: '新版本已發佈，重新整理即可使用', reload: '重新整理', later: '稍後', install: '安裝應用', installHint: '安裝到桌面，像應用程式一樣開啟' };
