export default {
  label: 'From a document',
  none: 'No document',
  empty: 'No parsed documents yet.',
  upload: 'Upload one',
  hint: 'The content of the chosen document is used as the source',
};
