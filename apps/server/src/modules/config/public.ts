// What other modules may use of config (lint/boundaries.js): the site settings service and its defaults, and the moderation word list.
export { CONFIG_CHANGED, effectiveLoginWay, SETTINGS_DEFAULTS } from './service.ts';
export type { ConfigService, SiteSettings } from './service.ts';
export { installModeration, moderationOf, MODERATED_MESSAGE, type ModerationList } from './moderation.ts';
