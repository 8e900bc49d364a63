// What other modules may use of chat (lint/boundaries.js): the chat service, which share builds to read a conversation.
export { ChatService } from './service.ts';
