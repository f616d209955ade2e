import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * Issue 26: the invoice's fonts, Noto in every script a company name or an address may be written
 * in (Helvetica has Latin only: a Hebrew or Chinese name vanished). PDFKit takes TrueType and
 * OpenType files and embeds only the glyphs used, so an invoice stays small. Each face is read from
 * its package once, the first time a text needs it.
 */
const FACES = [
  { face: 'latin', pkg: '@embedpdf/fonts-latin', regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  {
    face: 'hebrew',
    pkg: '@embedpdf/fonts-hebrew',
    regular: 'NotoSansHebrew-Regular.ttf',
    bold: 'NotoSansHebrew-Bold.ttf',
  },
  {
    face: 'arabic',
    pkg: '@embedpdf/fonts-arabic',
    regular: 'NotoNaskhArabic-Regular.ttf',
    bold: 'NotoNaskhArabic-Bold.ttf',
  },
  { face: 'sc', pkg: '@embedpdf/fonts-sc', regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' },
  { face: 'jp', pkg: '@embedpdf/fonts-jp', regular: 'NotoSansJP-Regular.otf', bold: 'NotoSansJP-Bold.otf' },
] as const
export type Face = (typeof FACES)[number]['face']

const require = createRequire(import.meta.url)
/** fontkit (PDFKit's own font engine) ships no types: only the coverage question is asked of it. */
interface Coverage {
  hasGlyphForCodePoint(cp: number): boolean
}
const fontkit = require('fontkit') as { create(buf: Buffer): Coverage }
const files = new Map<string, Buffer>()
const coverage = new Map<Face, Coverage>()

/** A face's file (regular or bold), read once. */
export function fontFile(face: Face, bold: boolean): Buffer {
  const f = FACES.find((x) => x.face === face)!
  const file = bold ? f.bold : f.regular
  let buf = files.get(file)
  if (!buf) {
    // The package's entry is dist/index.*; its fonts sit in fonts/ beside dist/.
    buf = readFileSync(join(dirname(require.resolve(f.pkg)), '..', 'fonts', file))
    files.set(file, buf)
  }
  return buf
}

function covers(face: Face, cp: number): boolean {
  let font = coverage.get(face)
  if (!font) {
    font = fontkit.create(fontFile(face, false))
    coverage.set(face, font)
  }
  return font.hasGlyphForCodePoint(cp)
}

/** The font name a document registers a face under. */
export const fontName = (face: Face, bold: boolean) => `${face}-${bold ? 'bold' : 'regular'}`
export const FONT_FACES: readonly Face[] = FACES.map((f) => f.face)

/**
 * A text cut into runs, each in the first face that has its characters (Latin first). Spaces, digits
 * and punctuation stay in the run they stand in when its face has them, so a name in one script is
 * one run. Characters no face has are kept in the Latin run (they show as a blank box, never vanish
 * silently from the text layer).
 */
export function fontRuns(text: string): { face: Face; text: string }[] {
  const runs: { face: Face; text: string }[] = []
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    const last = runs[runs.length - 1]
    // A letter goes to the first face that has it; anything else stays where it stands if it can.
    const stays = last !== undefined && !/\p{L}/u.test(ch) && covers(last.face, cp)
    const face = stays ? last.face : (FONT_FACES.find((f) => covers(f, cp)) ?? 'latin')
    if (last && last.face === face) last.text += ch
    else runs.push({ face, text: ch })
  }
  return runs.flatMap(rtlEdges)
}

const RTL: ReadonlySet<Face> = new Set(['hebrew', 'arabic'])

/**
 * A right-to-left run in a left-to-right line (the invoice's): fontkit lays each run out right to
 * left, but PDFKit wraps and places a run word by word, which loses the spaces between its words.
 * So the words are written as runs of their own, in reverse order, with the spaces between them as
 * Latin runs: the line reads as the bidirectional algorithm would show it.
 */
function rtlEdges(r: { face: Face; text: string }): { face: Face; text: string }[] {
  if (!RTL.has(r.face)) return [r]
  return r.text
    .split(/(\s+)/u)
    .filter(Boolean)
    .reverse()
    .map((piece) => (/^\s+$/u.test(piece) ? { face: 'latin' as const, text: piece } : { face: r.face, text: piece }))
}
