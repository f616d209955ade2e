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
  LAB: ['GIA', 'IGI', 'HRD'],
  LOCATION: ['India', 'Hong Kong', 'New York', 'Dubai', 'Belgium'],
  SHADE: ['NONE', 'BROWN', 'MIX TINGE', 'FAINT BROWN', 'GREY'],
} as const satisfies Record<string, readonly string[]>
export type MasterName = keyof typeof MASTERS

export const DEFAULT_COLUMNS = [
  'vStnId', 'shpNm', 'crt', 'colNm', 'clrNm', 'cutNm', 'polNm', 'symNm', 'fluNm', 'lbNm', 'locNm',
  'rap', 'back', 'amt', 'ctPr',
] as const
