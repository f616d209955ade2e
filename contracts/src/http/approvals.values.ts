/**
 * The plain values of the approval contracts, without TypeBox, so the web app can import them
 * without shipping the schema library. approvals.ts re-exports them beside the schemas.
 */

/** The longest note a decision may carry (a rejection's note is mailed to the registrant). */
export const APPROVAL_NOTE_MAX = 500

/** Registrations are listed 50 to a page unless the caller asks otherwise. */
export const REGISTRATIONS_PAGE_SIZE = 50
