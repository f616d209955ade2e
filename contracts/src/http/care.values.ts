/** Customer care (issue 25): feedback, concierge, contact, and the portal's own content. */

/** The portal's nine interface languages: content (pages, FAQs, banners, events) is written per language. */
export const CONTENT_LANGUAGES = ['en', 'fr', 'zh', 'ja', 'it', 'es', 'de', 'he', 'ar'] as const
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number]

/** Feedback (spec section 3 and 9): each question scored 0 to 10. */
export const FEEDBACK_SCORE_MIN = 0
export const FEEDBACK_SCORE_MAX = 10
export const FEEDBACK_COMMENT_MAX = 2000

/** A concierge request: open until the sales team answers it, then answered (or closed by the buyer). */
export const CONCIERGE_STATUSES = ['open', 'answered', 'closed'] as const
export type ConciergeStatus = (typeof CONCIERGE_STATUSES)[number]
/** What the answer turned the request into, if anything: an offer of stones, or a buy request (a demand) kept for the buyer. */
export const CONCIERGE_OUTCOMES = ['offer', 'buyRequest'] as const
export type ConciergeOutcome = (typeof CONCIERGE_OUTCOMES)[number]
export const CONCIERGE_TEXT_MAX = 2000

/** The contact form. */
export const CONTACT_NAME_MAX = 120
export const CONTACT_SUBJECT_MAX = 200
export const CONTACT_MESSAGE_MAX = 5000

/**
 * The portal's stored pages, each at its own path (`/<slug>`). The sitemap is not stored: it is made
 * from the screens the viewer may open.
 */
export const PAGE_SLUGS = ['terms-of-use', 'privacy-notice', 'about', 'csr', 'careers', 'news', 'testimonials'] as const
export type PageSlug = (typeof PAGE_SLUGS)[number]
export const PAGE_TITLE_MAX = 200
export const PAGE_BODY_MAX = 50_000
export const FAQ_QUESTION_MAX = 300
export const FAQ_ANSWER_MAX = 5000

/** Events calendar: trade shows and auctions. */
export const EVENT_KINDS = ['tradeShow', 'auction'] as const
export type EventKind = (typeof EVENT_KINDS)[number]
export const EVENT_TEXT_MAX = 4000

/** Banner images: png, jpeg or webp, checked by their first bytes, at most this large. */
export const BANNER_IMAGE_MAX_BYTES = 2 * 1024 * 1024
export const BANNER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const

/** Notice kinds of customer care (notifications.notification.created): the clients word them; the centre groups `concierge.*` and `contact.*` under customer care (notifications.values.ts). */
export const CARE_NOTICE_KINDS = {
  conciergeRequested: 'concierge.requested',
  conciergeAnswered: 'concierge.answered',
  contactReceived: 'contact.received',
} as const
