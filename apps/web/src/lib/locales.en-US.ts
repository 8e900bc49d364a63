export default { loggedOut: 'Logged out', replyFailed: 'The reply failed, please try again later', appNotFound: 'This app does not exist or was taken down' };
