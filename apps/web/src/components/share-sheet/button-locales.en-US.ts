export default { button: 'Share chat' };
