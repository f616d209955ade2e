/**
 * The closed set of response codes. The spec names OK, E_UNAUTHORIZED and EMAIL_NOT_VERIFIED;
 * the rest are ours, each with the HTTP status it travels with and the default English text.
 * Web translates by code, so these texts are the fallback for API clients.
 */
export const ErrorCodes = {
  E_UNAUTHORIZED: { status: 401, message: 'Your session has ended. Please sign in again.' },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message:
      "Your registered email hasn't verified yet. Please contact Admin or check your mail for verification link.",
  },
  E_INVALID_CREDENTIALS: { status: 401, message: 'Invalid username or password.' },
  E_ACCOUNT_NOT_APPROVED: { status: 403, message: 'Your account is not approved yet. Please contact Admin.' },
  E_ACCOUNT_INACTIVE: { status: 403, message: 'Your account is inactive. Please contact Admin.' },
  E_FORBIDDEN: { status: 403, message: 'You do not have permission to do this.' },
  E_NOT_FOUND: { status: 404, message: 'Not found.' },
  E_VALIDATION: { status: 400, message: 'Invalid Fields' },
  E_BAD_REQUEST: { status: 400, message: 'The request could not be read.' },
  E_UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be JSON.' },
  E_PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  E_RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait and try again.' },
  E_DEVICE_UNTRUSTED: { status: 403, message: 'Please verify this device with the code we sent you.' },
  E_GUEST_FORBIDDEN: { status: 403, message: 'Guests can browse stock only. Please register to do this.' },
  E_OTP_INVALID: { status: 400, message: 'The code is not correct.' },
  E_OTP_EXPIRED: { status: 400, message: 'The code has expired or was used too many times. Please request a new one.' },
  E_LINK_INVALID: { status: 400, message: 'This link is invalid or has expired.' },
  E_WRONG_PASSWORD: { status: 400, message: 'The current password is not correct.' },
  E_ALREADY_EXISTS: { status: 409, message: 'An account with this username or email already exists.' },
  E_FILE_TYPE: { status: 400, message: 'Only jpg, jpeg, png and pdf files are allowed.' },
  E_FILE_TOO_LARGE: { status: 413, message: 'The file is too large.' },
  E_ALREADY_DECIDED: { status: 409, message: 'This registration has been decided already.' },
  E_STONE_UNAVAILABLE: { status: 409, message: 'This stone is no longer available.' },
  E_SEARCH_LIMIT: { status: 422, message: 'Please narrow your search, as result is > {limit} Diamonds' },
  E_NOT_HOLDER: { status: 409, message: 'This stone is not on hold for you.' },
  E_IDEMPOTENCY_MISMATCH: { status: 422, message: 'This request key was already used for a different request.' },
  E_MIN_AMOUNT: { status: 422, message: 'The amount is below the minimum of 15000 USD for this bill type.' },
  E_SHIPMENT_STEP: { status: 409, message: 'A shipment moves on one step at a time.' },
  E_QUOTE_MIN_DIFF: { status: 422, message: 'A quote must differ from the other price by at least 10 USD per carat.' },
  E_OFFER_CLOSED: { status: 409, message: 'This offer is no longer open.' },
  E_OFFER_NOT_YOUR_TURN: { status: 409, message: 'This offer is waiting for the other side to answer.' },
  E_DEMAND_CLOSED: { status: 409, message: 'This demand is closed and can no longer be changed.' },
  E_BID_TOO_LOW: { status: 422, message: 'Your bid is below the minimum of {minimum} USD per carat.' },
  E_BID_BELOW_START: { status: 422, message: 'Your bid is below the starting price of {start} USD per carat.' },
  E_BID_NOT_RAISED: { status: 422, message: 'A new bid must be above your own current bid.' },
  E_BID_LEADING: { status: 409, message: 'You already hold the highest bid on this stone.' },
  E_STONE_IN_AUCTION: { status: 409, message: 'This stone is in a running auction: withdraw the auction first.' },
  E_BID_PRECISION: { status: 400, message: 'A price per carat may have at most 2 decimals.' },
  E_BID_NOT_OPEN: { status: 409, message: 'This auction is not open for bids yet.' },
  E_BID_CLOSED: { status: 409, message: 'This auction is closed.' },
  E_BID_OWN_STONE: { status: 403, message: 'You cannot bid on a stone your company sells.' },
  E_BID_NO_PRICE: { status: 403, message: 'Your account does not see prices, so it cannot bid.' },
  E_BID_CANNOT_WITHDRAW: { status: 409, message: 'Only a sealed bid can be withdrawn, and only before the close.' },
  E_UPLOAD_BUSY: {
    status: 409,
    message: 'Another upload of this seller is being committed. Please try again in a moment.',
  },
  E_UPLOAD_EXPIRED: { status: 410, message: 'This upload preview has expired. Please upload the file again.' },
  E_UPLOAD_DONE: { status: 409, message: 'This upload has been committed already.' },
  E_UPLOAD_TYPE: {
    status: 400,
    message: 'This file is not what its name says, or its type cannot be read. Upload an .xlsx, .csv or .txt file.',
  },
  E_UPLOAD_CSV: {
    status: 400,
    message:
      'This text file could not be read as CSV: a quoted cell is not closed, or a cell or row is too long. Please check the file and upload it again.',
  },
  E_UPLOAD_XLS: {
    status: 400,
    message: 'Old Excel files (.xls) cannot be read. Please save the file as .xlsx or .csv and upload it again.',
  },
  E_UPLOAD_EMPTY: { status: 400, message: 'The file has no header row or no data rows.' },
  E_UPLOAD_BOMB: {
    status: 400,
    message: 'The spreadsheet was refused: its contents expand far beyond its size or are nested too deeply.',
  },
  E_UPLOAD_ROWS: { status: 413, message: 'The file has more than {limit} rows. Please split it into smaller files.' },
  E_FTP_CONNECT: {
    status: 502,
    message: 'Could not connect to the FTP server or sign in. Please check the host, port, user and password.',
  },
  E_SLOT_INVALID: {
    status: 400,
    message: 'This time is not one of the office slots, or it has already begun. Please choose another slot.',
  },
  E_SLOT_TAKEN: { status: 409, message: 'This slot has just been taken. Please choose another slot.' },
  E_APPOINTMENT_OVERLAP: { status: 409, message: 'You already have an appointment at this time.' },
  E_APPOINTMENT_CLOSED: { status: 409, message: 'This appointment can no longer be changed.' },
  // Issue 24: the sales calendar, viewing requests and the office settings.
  E_APPOINTMENT_MARK: {
    status: 409,
    message:
      'This appointment cannot be marked so now: only a booked one is confirmed, done or no-show only once it has begun.',
  },
  E_REQUEST_CLOSED: { status: 409, message: 'This viewing request has already been answered or withdrawn.' },
  E_STILL_BOOKED: {
    status: 409,
    message: 'This cabin or sales person has appointments to come. Move or cancel them first.',
  },
  // Issue 25: members (follow, ratings).
  E_FOLLOW_OWN: { status: 400, message: 'You cannot follow your own company.' },
  E_ORDER_NOT_COMPLETED: {
    status: 409,
    message: 'This order is not completed yet: a seller is rated once the order has been delivered.',
  },
  E_ALREADY_RATED: { status: 409, message: 'You have already rated this seller for this order.' },
  // Issue 25: banner images are checked by their content.
  E_IMAGE_TYPE: { status: 400, message: 'Only png, jpeg and webp images are allowed.' },
  E_CONCIERGE_CLOSED: { status: 409, message: 'This concierge request has been closed by the member.' },
  E_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable. Please try again shortly.' },
  E_INTERNAL: { status: 500, message: 'Something went wrong. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>

export type ErrorCode = keyof typeof ErrorCodes
export const OK = 'OK'
