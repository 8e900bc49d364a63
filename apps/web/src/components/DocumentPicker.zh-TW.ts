export default {
  label: '從文件生成',
  none: '不使用文件',
  empty: '還沒有解析好的文件。',
  upload: '上傳文件',
  hint: '將以所選文件的內容為素材',
};
