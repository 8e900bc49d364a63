export default { code: '程式碼', preview: '預覽', download: '下載為檔案', downloadShort: '下載', frame: '預覽', loading: '正在產生預覽', failed: '圖表語法有誤，無法預覽' };
