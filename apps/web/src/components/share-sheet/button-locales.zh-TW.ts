export default { button: '分享對話' };
