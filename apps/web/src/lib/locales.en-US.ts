export default { loggedOut: 'Logged out', replyFailed: 'The reply failed, please try again later' };
