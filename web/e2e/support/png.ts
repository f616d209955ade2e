import { encodePng } from '@diamond/runtime/png'

/** A real, valid RGB PNG of the given size: a diagonal gradient, so a preview shows something. */
export function makePng(width: number, height: number): Buffer {
  return encodePng(width, height, (x, y) => [
    (x * 255) / Math.max(1, width - 1),
    120,
    (y * 255) / Math.max(1, height - 1),
  ])
}
