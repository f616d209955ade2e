/** Stone media (issue 23): what a seller may upload, and the limits that keep a hostile upload cheap. */

export const MEDIA_KINDS = ['photo', 'video', 'certificate'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

const MiB = 1024 * 1024

/** One file of each kind at most this large (a photo of a stone, a turntable video, a lab report scan). */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = {
  photo: 20 * MiB,
  video: 100 * MiB,
  certificate: 20 * MiB,
}

/** A whole upload request (all its files, a zip included) at most this large. */
export const MEDIA_UPLOAD_MAX_BYTES = 256 * MiB
/** Files in one request (a zip counts as one here; its entries are limited by MEDIA_ZIP_MAX_ENTRIES). */
export const MEDIA_UPLOAD_MAX_FILES = 500
/** Entries in one zip. */
export const MEDIA_ZIP_MAX_ENTRIES = 2000
/** What the entries of one zip may unpack to, all together. */
export const MEDIA_ZIP_MAX_UNPACKED = 1024 * MiB
/**
 * Photos, videos and PDFs are compressed already: a real one shrinks by a few percent in a zip. An
 * entry that claims to unpack to more than this many times its packed size is a bomb.
 */
export const MEDIA_ZIP_MAX_RATIO = 50

/** Photos per stone: `ABC123.jpg` is the first, `ABC123_2.jpg` … `ABC123_10.jpg` the others. */
export const MEDIA_MAX_POSITION = 10

/**
 * Why a file was not attached, one code per file (translated on screen as `media.reason.<code>`):
 * - `noStone`: no stone has that stock or certificate number;
 * - `notYourStone`: the stone belongs to another seller;
 * - `ambiguous`: the number names several stones (staff uploading for several sellers);
 * - `wrongType`: not a jpg, png, mp4 or pdf, or its content is not what its name says;
 * - `tooLarge`: over the limit of its kind (MEDIA_MAX_BYTES);
 * - `badName`: a name that climbs out of its folder or is absolute (inside a zip);
 * - `badZip`: a zip that cannot be read;
 * - `zipBomb`: a zip that would unpack to far more than it holds, or has too many entries.
 */
export const MEDIA_REASONS = [
  'noStone',
  'notYourStone',
  'ambiguous',
  'wrongType',
  'tooLarge',
  'badName',
  'badZip',
  'zipBomb',
] as const
export type MediaReason = (typeof MEDIA_REASONS)[number]
