import { useLayoutEffect, useState, type RefObject } from 'react'

/** Room kept spare before folded menus come back, so that a pixel's rounding cannot make them flap. */
const SPARE_PX = 8

/**
 * Whether the header's menus must fold behind the hamburger on a screen wider than a tablet: when
 * they and the header's end (live, bell, language, user) do not fit on one line. A seller's or staff
 * member's eight menus in French or Italian took two lines at 1280 px. Checked whenever the header
 * changes size (a window, a language, a font arriving, the live indicator's "Connecting…" becoming
 * "Live"); folded menus come back once the width they took when last shown fits again. The check
 * runs before the browser paints, so a two-line header is never seen.
 */
export function useMenusFold(header: RefObject<HTMLElement | null>, tablet: boolean, language: string): boolean {
  // The menus' own width when they folded; null while they show.
  const [folded, setFolded] = useState<number | null>(null)
  // Another language has menus of another width: show them to measure again.
  const [foldedFor, setFoldedFor] = useState(language)
  if (foldedFor !== language) {
    setFoldedFor(language)
    setFolded(null)
  }

  useLayoutEffect(() => {
    const el = header.current
    if (tablet || !el) return
    const check = () => {
      if (folded === null) {
        const nav = el.querySelector('.topbar-nav')
        if (nav && wraps(el, nav)) setFolded(nav.getBoundingClientRect().width)
      } else if (fits(el, folded)) setFolded(null)
    }
    check()
    const observer = new ResizeObserver(check)
    observer.observe(el)
    const end = el.querySelector('.topbar-end')
    if (end) observer.observe(end)
    return () => observer.disconnect()
  }, [header, tablet, folded])

  return tablet || folded !== null
}

/** The header's end sits below its menus: the line broke. */
function wraps(header: HTMLElement, nav: Element): boolean {
  const end = header.querySelector('.topbar-end')
  return !!end && end.getBoundingClientRect().top >= nav.getBoundingClientRect().bottom - 1
}

/** Menus `navWidth` wide would fit on the header's line in place of the hamburger. */
function fits(header: HTMLElement, navWidth: number): boolean {
  const style = getComputedStyle(header)
  const room = header.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd)
  const gap = parseFloat(style.columnGap) || 0
  // Everything but the hamburger (the end's box is its content: its auto margin takes the rest).
  const others = [...header.children].filter((c) => c.getAttribute('data-testid') !== 'hamburger')
  const used = others.reduce((sum, c) => sum + c.getBoundingClientRect().width, (others.length - 1) * gap)
  return used + gap + navWidth + SPARE_PX <= room
}
