/**
 * Master lists (grading vocabularies) the login call returns by name, and the stone columns a
 * new user sees. The web app and the services use the same values.
 */
export const MASTERS = {
  SHAPE: ['ROUND', 'PRINCESS', 'PEAR', 'HEART', 'OVAL', 'EMERALD', 'RADIANT', 'CUSHION', 'MARQUISE'],
  COLOR: ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'],
  CLARITY: ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'I1'],
  CUT: ['EX', 'VG', 'GD', 'NON'],
  POLISH: ['EX', 'VG', 'GD'],
  SYMMETRY: ['EX', 'VG', 'GD'],
  FLUORESCENCE: ['NON', 'FNT', 'MED', 'STG', 'VST'],
  LAB: ['GIA', 'IGI', 'HRD', 'NON-CERT'],
  LOCATION: ['India', 'Hong Kong', 'New York', 'Dubai', 'Belgium'],
  SHADE: ['NONE', 'BROWN', 'MIX TINGE', 'FAINT BROWN', 'GREY'],
  FANCY_COLOR: ['YELLOW', 'PINK', 'BLUE', 'GREEN', 'ORANGE', 'BROWN'],
  INTENSITY: ['FAINT', 'VERY LIGHT', 'LIGHT', 'FANCY LIGHT', 'FANCY', 'FANCY INTENSE', 'FANCY VIVID', 'FANCY DEEP', 'FANCY DARK'],
  OVERTONE: ['NONE', 'YELLOWISH', 'BROWNISH', 'PINKISH', 'GREENISH', 'ORANGEY'],
  BLACK: ['NONE', 'B0', 'B1', 'B2', 'B3'],
  WHITE: ['NONE', 'W0', 'W1', 'W2', 'W3'],
  OPEN: ['NONE', 'O0', 'O1', 'O2', 'O3'],
  EYE_CLEAN: ['YES', 'NO', 'BORDERLINE'],
  MILKY: ['NONE', 'M1', 'M2', 'M3'],
  HEART_ARROW: ['YES', 'NO'],
  BRILLIANCY: ['EX', 'VG', 'GD'],
  GIRDLE: ['THIN', 'MEDIUM', 'SLIGHTLY THICK', 'THICK', 'VERY THICK'],
  GIRDLE_CONDITION: ['FACETED', 'POLISHED', 'BRUTED'],
  CULET: ['NONE', 'VERY SMALL', 'SMALL', 'MEDIUM'],
  CULET_CONDITION: ['POINTED', 'ABRADED', 'CHIPPED'],
  KEY_TO_SYMBOL: ['CRYSTAL', 'FEATHER', 'CLOUD', 'NEEDLE', 'PINPOINT', 'NATURAL', 'INDENTED NATURAL', 'TWINNING WISP', 'CHIP', 'KNOT'],
  SELLER: ['Surat Gems', 'Antwerp Brilliants', 'Mumbai Diamond House', 'Hong Kong Stones', 'Dubai Rough & Polished', 'New York Fine Diamonds'],
  SHOW: ['Hong Kong Show', 'JCK Las Vegas', 'Vicenzaoro', 'IIJS Mumbai'],
  AVAILABILITY: ['A', 'M', 'NA', 'U', 'B', 'S', 'O', 'E', 'H'],
} as const satisfies Record<string, readonly string[]>
export type MasterName = keyof typeof MASTERS

/** Which master list each multi-select filter of the stock search draws its values from. */
export const FILTER_MASTERS = {
  shpNm: 'SHAPE', colNm: 'COLOR', clrNm: 'CLARITY', cutNm: 'CUT', polNm: 'POLISH', symNm: 'SYMMETRY',
  fluNm: 'FLUORESCENCE', shdNm: 'SHADE', lbNm: 'LAB', locNm: 'LOCATION',
  fcColNm: 'FANCY_COLOR', fcIntNm: 'INTENSITY', fcOvtNm: 'OVERTONE',
  blkTblNm: 'BLACK', blkSdNm: 'BLACK', wTblNm: 'WHITE', wSdNm: 'WHITE', opTblNm: 'OPEN', opCrwnNm: 'OPEN', opPavNm: 'OPEN',
  eClnNm: 'EYE_CLEAN', milkyNm: 'MILKY', hANm: 'HEART_ARROW', brlncyNm: 'BRILLIANCY',
  girdleNm: 'GIRDLE', grdlCondNm: 'GIRDLE_CONDITION', cultNm: 'CULET', cultCondNm: 'CULET_CONDITION',
  sellerNm: 'SELLER', showNm: 'SHOW', availability: 'AVAILABILITY',
} as const satisfies Record<string, MasterName>

export const DEFAULT_COLUMNS = [
  'vStnId', 'shpNm', 'crt', 'colNm', 'clrNm', 'cutNm', 'polNm', 'symNm', 'fluNm', 'lbNm', 'locNm',
  'rap', 'back', 'amt', 'ctPr',
] as const
