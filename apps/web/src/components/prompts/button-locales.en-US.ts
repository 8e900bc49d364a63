export default { button: 'Prompt store' };
