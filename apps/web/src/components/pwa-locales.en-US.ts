export default { updateReady: 'A new version is available', reload: 'Reload', later: 'Later', install: 'Install app', installHint: 'Install on this computer and open it like an app' };
