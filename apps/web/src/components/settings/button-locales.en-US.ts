export default { button: 'Chat settings' };
