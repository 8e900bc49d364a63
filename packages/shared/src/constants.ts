/** Business constants and limits of SPEC §9. Times in ms unless the name says otherwise. */
export const STORAGE_DEFAULT_EXPIRE_SECONDS = 604800;
export const HTTP_TIMEOUT_MS = 2400 * 1000;
export const ERROR_TOAST_THROTTLE_MS = 3000;
export const FINGERPRINT_AUDIO_TIMEOUT_MS = 1000;
export const SMS_RESEND_SECONDS = 120;
export const WECHAT_LOGIN_POLL_MS = 1000;
export const IDLE_START_MS = 6000;
export const PAY_DIALOG_COUNTDOWN_SECONDS = 300;
export const PAY_DIALOG_POLL_MS = 1000;
export const PAY_DIALOG_CLOSE_DELAY_MS = 2000;
export const MEMBERSHIP_QR_EXPIRE_SECONDS = 120;
export const MEMBERSHIP_QR_TICK_MS = 1000;
export const MEMBERSHIP_RESULT_POLL_MS = 2000;
export const PROMO_POPUP_SECONDS = 120;
export const BIND_COUNTDOWN_SECONDS = 120;
export const BIND_POLL_MS = 1000;
export const FILE_PARSE_POLL_MS = 2000;
export const UPLOAD_SLICE_BYTES = 5 * 1024 * 1024;
export const PACKAGE_TABS = 4;
export const DELETE_DEBOUNCE_MS = 600;
export const SIDEBAR_WIDTH = 260;
export const IMAGES_PER_CONVERSATION = 5;
export const INPUT_LIMIT_DEFAULT = 300;
export const INPUT_LIMIT_INITIAL = 2000;
export const DEFAULT_TEMPERATURE = 0.8;
export const TEMPERATURE_MAX = 1.6;
export const SCROLL_TO_BOTTOM_THRESHOLD_PX = 100;
export const PURCHASE_TOAST_MS = 5000;
export const DISPLAY_TZ_OFFSET_HOURS = 8;
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const LOCALES = ['zh-CN', 'en-US', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const FALLBACK_LOCALE: Locale = 'en-US';
export const DEFAULT_OUTPUT_LANGUAGE = '中文';
export const EXPORT_FILE_NAME = 'chat-shot.png';
export const QR_LEVEL = 'H';
export const QR_SIZES = [120, 180, 240] as const;
export const SITE_NAME_DEFAULT = 'AI';
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

/** Auth and abuse limits (DESIGN "Auth"). */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_PER_PHONE_INTERVAL_SECONDS = 60;
export const SMS_PER_PHONE_PER_DAY = 10;
export const SMS_PER_IP_PER_HOUR = 20;
export const TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const WECHAT_LOGIN_TICKET_TTL_SECONDS = 300;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
export const USERNAME_PATTERN = /^[A-Za-z0-9_@.-]{4,32}$/;

/** Chat (issue 3). */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/bmp'] as const;
/**
 * Every picture that enters (chat, drawing references, blends, describe, feedback) is refused past
 * these, read from its header before anything decodes it: a decoder allocates what the header claims.
 */
export const MAX_IMAGE_SIDE = 16_384;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** What any chat request body may carry at most; each model caps its input lower (input_ext). */
export const CHAT_INPUT_HARD_MAX = 100_000;
export const CHAT_TITLE_MAX = 50;

/** Document chat (issue 5). */
/** File suffixes a user may upload unless their accept_types setting narrows it; images count as one long image. */
export const DOCUMENT_ACCEPT_TYPES_DEFAULT = ['pdf', 'docx', 'txt', 'md', 'png', 'jpg', 'jpeg'] as const;
export const DOCUMENT_IMAGE_TYPES = ['png', 'jpg', 'jpeg'] as const;
export const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
export const DOCUMENT_MAX_MB = DOCUMENT_MAX_BYTES / 1024 / 1024;
/** Live (not deleted) documents a user may keep. */
export const DOCUMENTS_PER_USER = 50;
export const DOCUMENT_UPLOADS_PER_DAY = 30;
export const DOCUMENT_NAME_MAX = 200;
export const DOCUMENT_QUESTION_MAX = 2000;
export const UPLOAD_CREDENTIAL_TTL_SECONDS = 900;
/** Document parse states (SPEC §4.8): done at 2 (with name_status 1), failed at 3. */
export const DOCUMENT_STATUS = { WAITING: 0, PARSING: 1, DONE: 2, FAILED: 3 } as const;

/** SPEC §4.6: the bind-WeChat QR lives 120 s; the dialog counts down and makes a new one. */
export const WECHAT_BIND_QR_TTL_SECONDS = 120;

/** Feedback (SPEC §1): the text's length and the pictures attached to it. */
export const FEEDBACK_MAX_CHARS = 1000;
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Card keys (卡密): 16 letters and digits without look-alikes, shown as XXXX-XXXX-XXXX-XXXX. */
export const CARD_KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CARD_KEY_LENGTH = 16;
/** Upper case, without spaces and dashes: what a user types becomes the stored form. */
export const normalizeCardKey = (s: string) => s.replace(/[\s-]+/g, '').toUpperCase();
export const formatCardKey = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** Voice: a dictated clip (webm/ogg/mp4/wav/mp3) uploaded for transcription, and the longest text read aloud at once. */
export const VOICE_AUDIO_MAX_BYTES = 10 * 1024 * 1024;
export const VOICE_MAX_SECONDS = 60;
export const SPEECH_TEXT_MAX = 4096;
