// What other modules may use of config besides ConfigService: the moderation word list and its hook.
export { installModeration, moderationOf, MODERATED_MESSAGE, type ModerationList } from './moderation.ts';
