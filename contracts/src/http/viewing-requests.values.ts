/**
 * Office viewing requests (`/account/office-list`; the spec's list types request 3 and show select
 * 8): open until a sales person books it (accepted) or declines it, or the buyer withdraws it.
 */
export const VIEWING_REQUEST_STATUSES = ['open', 'accepted', 'declined', 'withdrawn'] as const
export type ViewingRequestStatus = (typeof VIEWING_REQUEST_STATUSES)[number]

/** The spec's empty text of the list (section 8). */
export const NO_VIEW_REQUEST = 'No view request found.'

export const MAX_REQUEST_STONES = 50
