/**
 * Stone numbers, report numbers, seller numbers and pair numbers are pasted as a column from a
 * spreadsheet or typed in a line: commas, spaces, tabs, semicolons and new lines all separate them.
 * Repeats count once, in the order first seen.
 */
export function splitIds(text: string): string[] {
  const seen = new Set<string>()
  for (const part of text.split(/[\s,;]+/)) if (part) seen.add(part)
  return [...seen]
}
