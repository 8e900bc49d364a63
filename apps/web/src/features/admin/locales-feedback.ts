import { registerLocales, type Messages } from '../../lib/i18n.ts';

/** The feedback page. Part of the console's `admin` namespace (locales.ts). */
const zh: Messages = {
  feedback: {
    awaitingOnly: '只看待回复',
    awaiting: '待回复',
    answered: '已回复',
    user: '用户',
    service: '客服',
    image: '反馈图片 {{index}}',
    reply: '回复用户',
    send: '发送回复',
    sent: '已回复',
  },
};

const en: Messages = {
  feedback: {
    awaitingOnly: 'Waiting only',
    awaiting: 'Waiting',
    answered: 'Answered',
    user: 'User',
    service: 'Support',
    image: 'Feedback picture {{index}}',
    reply: 'Reply to the user',
    send: 'Send reply',
    sent: 'Replied',
  },
};

const tw: Messages = {
  feedback: {
    awaitingOnly: '只看待回覆',
    awaiting: '待回覆',
    answered: '已回覆',
    user: '使用者',
    service: '客服',
    image: '反饋圖片 {{index}}',
    reply: '回覆使用者',
    send: '傳送回覆',
    sent: '已回覆',
  },
};

registerLocales('admin', { 'zh-CN': zh, 'en-US': en, 'zh-TW': tw });
