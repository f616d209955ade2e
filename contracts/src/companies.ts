/**
 * A company name as it is kept: compatibility forms folded (NFKC: a full-width letter is the letter),
 * every run of whitespace of any kind (no-break, ideographic, tabs) one plain space, no control
 * characters, trimmed.
 */
export const cleanCompanyName = (name: string): string =>
  name
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()

/**
 * Two spellings of one company name compare equal by this key: the cleaned name in lower case. Used
 * wherever a name stands for a company (a stone's seller, a rename that must not take another's).
 */
export const companyKey = (name: string): string => cleanCompanyName(name).toLowerCase()
