/** SPEC §9 business constants and limits, the one place both web and server read them. */
export const PRODUCT_NAME = 'Tantième';

export const NOTIFICATION_DEFAULT_LANGUAGE = 'fr';
export const DEFAULT_NOTIFICATION_CATEGORY = 'all';
export const DEVICE_STATUS = 1;
export const DEVICE_TYPE = 'WEB';
export const COUNTDOWN_TICK_MS = 1000;
export const ADDRESS_WIDGET_INIT_DELAY_MS = 500;
export const USER_FETCH_RETRY_DELAY_MS = 3000;
export const AUTOFOCUS_DELAY_MS = 200;
export const NOTIFICATION_TOAST_DURATION_MS = 5000;
export const OTP_LENGTH = 6;
export const CODE_RESEND_COUNTDOWN_S = 60;
export const CAPTCHA_RETRY_MS = 2000;
export const ATTACH_CODE_LENGTH = 9;
export const PASSWORD_MIN_LENGTH = 7;
export const PHONE_DEFAULT_COUNTRY = 'FR';
export const PHONE_MAX_LENGTH = 25;
export const INVOICE_PAGE_SIZE = 30;
export const DOCUMENTS_PAGE_SIZE = 200;
export const COMMUNICATION_PAGE_SIZE = 100;
export const PAYMENT_TRANSACTIONS_PAGE_SIZE = 30;
export const NOTIFICATIONS_PAGE_SIZE = 13;
export const MESSAGES_FIRST_PAGE_SIZE = 15;
export const MESSAGES_PAGE_SIZE = 13;
export const CHAT_LOAD_LAST = 25;
export const UNREAD_BADGE_CAP = 9;
export const NOTIFICATION_DROPDOWN_MAX_HEIGHT = 650;
export const TOOLTIP_DEFAULTS = { delay: 500, distance: 5, placement: 'top' } as const;
export const IMAGE_VIEWER_ZOOM = { step: 0.2, min: 0.5, max: 3 } as const;
export const DOUGHNUT_CUTOUT_DASHBOARD = '70%';
export const DOUGHNUT_CUTOUT_BILL = '80%';
export const CHART_PALETTE = ['#4C6EF5', '#12B886', '#FAB005', '#FA5252', '#7950F2'] as const;
export const PHONE_DROPDOWN_MIN_ROOM_PX = 200;
export const INVOICE_PAID_STATUSES = [5, 6, 7] as const;
export const INVITATION_STATUS_USED = 2;
/** Withdrawn: the co-owner was removed, or another invitation of theirs was used. */
export const INVITATION_STATUS_REVOKED = 3;
export const STORAGE_KEYS = {
  TOKEN: 'TOKEN',
  DEVICE_TOKEN: 'DEVICE_TOKEN',
  BLOCK_NOTIFICATION: 'BLOCK_NOTIFICATION',
  SPT: 'SPT',
} as const;

/** Header carrying the syndic preview token (SPEC §6 "Syndic preview"). */
export const PREVIEW_TOKEN_HEADER = 'x-preview-token';

/** Code lifetimes and tries (DESIGN "Identity and access"). */
export const EMAIL_CODE_TTL_S = 10 * 60;
export const SMS_CODE_TTL_S = 5 * 60;
export const CODE_MAX_ATTEMPTS = 5;

export const CHARGE_TYPES = { FONCTIONNEMENT: 1, TRAVAUX: 2, FOND_ALLUR: 3 } as const;
export const BILL_TYPES = ['fonctionnement', 'fond_travaux', 'travaux', 'other'] as const;
export const UPLOAD_STATUS = { pending: 1, uploading: 2, success: 3, fail: -1 } as const;
export const IMAGE_SIZES = ['mini', 'small', 'medium', 'large', 'xlarge', 'original'] as const;

/**
 * The GET reads one `POST /api/reads` answers together (a signed-in page's first
 * screen from its URL: one request on a phone's few connections instead of nine).
 */
export const READS_MAX = 12;
