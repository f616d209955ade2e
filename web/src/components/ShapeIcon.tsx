import './stoneFilter.css'

/** Outlines of the nine shapes of the spec, drawn on a 24 × 24 grid; a shape without one gets a circle. */
const PATHS: Record<string, string> = {
  ROUND: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18ZM12 3l3 9l-3 9l-3-9ZM3 12h18',
  OVAL: 'M12 2.5c3.6 0 6.5 4.3 6.5 9.5s-2.9 9.5-6.5 9.5s-6.5-4.3-6.5-9.5s2.9-9.5 6.5-9.5ZM12 2.5v19',
  PRINCESS: 'M4 4h16v16H4ZM4 4l16 16M20 4L4 20',
  CUSHION: 'M9 4h6c3 0 5 2 5 5v6c0 3-2 5-5 5H9c-3 0-5-2-5-5V9c0-3 2-5 5-5ZM8 8h8v8H8Z',
  EMERALD: 'M8 3h8l3 3v12l-3 3H8l-3-3V6ZM9 7h6v10H9Z',
  RADIANT: 'M7.5 3h9l2.5 2.5v13L16.5 21h-9L5 18.5v-13ZM5 5.5l14 13M19 5.5l-14 13',
  PEAR: 'M12 2.5C9 7 5.5 11 5.5 15a6.5 6.5 0 0 0 13 0c0-4-3.5-8-6.5-12.5ZM12 2.5V21.5',
  MARQUISE: 'M12 2c4.5 4.5 6 7 6 10s-1.5 5.5-6 10c-4.5-4.5-6-7-6-10s1.5-5.5 6-10ZM12 2v20',
  HEART: 'M12 20.5C6 16 3 12.5 3 8.8A4.6 4.6 0 0 1 12 7a4.6 4.6 0 0 1 9 1.8c0 3.7-3 7.2-9 11.7ZM12 7v13.5',
}

export function ShapeIcon({ shape }: { shape: string }) {
  return (
    <svg className="srch-shape-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={PATHS[shape] ?? PATHS.ROUND} />
    </svg>
  )
}
