export default { updateReady: 'A new version is available', reload: 'Reload', later: 'Later' };
