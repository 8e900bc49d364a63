export default { button: '提示詞商店' };
