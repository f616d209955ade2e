/**
 * Stone pictures drawn from the stone's own data, for portals without a photo studio (the demo):
 * the outline of its shape, tinted by its colour, and a plotting diagram that marks its key to
 * symbols. A deployment with real photos points STOCK_IMAGE_HOST and STOCK_PLOTTING_HOST elsewhere.
 */
const OUTLINES: Record<string, string> = {
  ROUND: '<circle cx="100" cy="100" r="80"/>',
  OVAL: '<ellipse cx="100" cy="100" rx="58" ry="84"/>',
  PEAR: '<path d="M100 16 C132 60 160 98 160 128 A60 60 0 0 1 40 128 C40 98 68 60 100 16Z"/>',
  HEART: '<path d="M100 176 C60 140 22 112 22 72 A40 40 0 0 1 100 52 A40 40 0 0 1 178 72 C178 112 140 140 100 176Z"/>',
  EMERALD: '<path d="M62 20 H138 L162 44 V156 L138 180 H62 L38 156 V44Z"/>',
  PRINCESS: '<rect x="26" y="26" width="148" height="148"/>',
  RADIANT: '<path d="M56 22 H144 L166 44 V156 L144 178 H56 L34 156 V44Z"/>',
  CUSHION: '<rect x="28" y="28" width="144" height="144" rx="40"/>',
  MARQUISE: '<path d="M100 12 C150 60 150 140 100 188 C50 140 50 60 100 12Z"/>',
}
const FACETS: Record<string, string> = {
  ROUND:
    '<polygon points="100,55 132,68 145,100 132,132 100,145 68,132 55,100 68,68"/><path d="M100 20 L100 55 M157 43 L132 68 M180 100 L145 100 M157 157 L132 132 M100 180 L100 145 M43 157 L68 132 M20 100 L55 100 M43 43 L68 68"/>',
  EMERALD: '<path d="M72 44 H128 L142 58 V142 L128 156 H72 L58 142 V58Z M84 70 H116 V130 H84Z"/>',
  PRINCESS: '<path d="M26 26 L174 174 M174 26 L26 174"/><rect x="64" y="64" width="72" height="72"/>',
}
const TINTS: Record<string, string> = {
  YELLOW: '#f7d84a',
  PINK: '#f3a6c8',
  BLUE: '#8fb8f0',
  GREEN: '#9ed7a0',
  ORANGE: '#f5a95b',
  BROWN: '#b98a5e',
}
const SYMBOL_MARKS: Record<string, string> = {
  CRYSTAL: '#c62828',
  FEATHER: '#c62828',
  CLOUD: '#2e7d32',
  NEEDLE: '#c62828',
  PINPOINT: '#c62828',
  NATURAL: '#2e7d32',
  'INDENTED NATURAL': '#2e7d32',
  'TWINNING WISP': '#c62828',
  CHIP: '#1565c0',
  KNOT: '#2e7d32',
}

const escape = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)

export interface Drawable {
  vStnId: string
  shape: string
  fancyColor: string
  keyToSymbol: string
}

export function stoneImage(s: Drawable): string {
  const outline = OUTLINES[s.shape] ?? OUTLINES.ROUND!
  const tint = TINTS[s.fancyColor] ?? '#eef4fb'
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="${escape(s.shape)} ${escape(s.vStnId)}">
<defs><radialGradient id="g" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${tint}"/></radialGradient></defs>
<rect width="200" height="200" fill="#f8f9fb"/>
<g fill="url(#g)" stroke="#7b8794" stroke-width="2">${outline}</g>
<g fill="none" stroke="#9aa5b1" stroke-width="1.2">${FACETS[s.shape] ?? ''}</g>
</svg>`
}

/** A small seeded generator so a stone's marks sit in the same places every time. */
function seeded(text: string) {
  let h = 2166136261
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619)
  return () => ((h = Math.imul(h ^ (h >>> 13), 0x5bd1e995) >>> 0) % 1000) / 1000
}

export function plottingImage(s: Drawable): string {
  const outline = OUTLINES[s.shape] ?? OUTLINES.ROUND!
  const rnd = seeded(s.vStnId)
  const marks = s.keyToSymbol
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map((sym) => {
      const x = 70 + rnd() * 60
      const y = 70 + rnd() * 60
      return `<g><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="5" fill="none" stroke="${SYMBOL_MARKS[sym] ?? '#c62828'}" stroke-width="2"/><title>${escape(sym)}</title></g>`
    })
  const legend = s.keyToSymbol
    ? `<text x="100" y="196" font-size="10" text-anchor="middle" fill="#52606d" font-family="sans-serif">${escape(s.keyToSymbol)}</text>`
    : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="Plotting ${escape(s.vStnId)}">
<rect width="200" height="200" fill="#ffffff"/>
<g fill="none" stroke="#323f4b" stroke-width="1.5">${outline}</g>
${marks.join('\n')}
${legend}
</svg>`
}
