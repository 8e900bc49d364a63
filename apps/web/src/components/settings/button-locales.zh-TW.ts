export default { button: '對話設定' };
