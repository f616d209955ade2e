/**
 * The inventory calls' plain values (no TypeBox, so the web app imports them too): the upload modes
 * and the stone fields an upload column can fill.
 */

/** Add and update (omitted lots untouched) or replace all (omitted lots deleted): spec section 4. */
export const INVENTORY_MODES = ['addUpdate', 'replaceAll'] as const
export type InventoryMode = (typeof INVENTORY_MODES)[number]

/** The stone fields an upload column can map to (the keys of the stock service's `StoneDraft`). */
export const UPLOAD_FIELDS = [
  'stoneId',
  'certNo',
  'shape',
  'carat',
  'color',
  'clarity',
  'cut',
  'polish',
  'symmetry',
  'fluorescence',
  'lab',
  'location',
  'shade',
  'back',
  'pricePerCarat',
  'totalPrice',
  'length',
  'width',
  'height',
  'depPer',
  'tblPer',
  'girdle',
  'culet',
  'treatment',
  'origin',
  'growthType',
  'keyToSymbol',
  'comments',
  'fancyColor',
  'fancyIntensity',
  'fancyOvertone',
  'eyeClean',
  'milky',
  'imageUrl',
  'videoUrl',
  'certificateUrl',
] as const
export type UploadField = (typeof UPLOAD_FIELDS)[number]
