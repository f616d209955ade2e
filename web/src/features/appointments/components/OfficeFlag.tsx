/**
 * The spec's flag set (section 9: India, Hong Kong, New York, Dubai, Belgium and the Mumbai office),
 * drawn small enough to sit beside an office's name. Decorative: the office's name is the label.
 */
const FLAGS: Record<string, React.ReactNode> = {
  india: <India />,
  mumbai: <India />,
  belgium: (
    <>
      <rect width="8" height="16" fill="#000" />
      <rect x="8" width="8" height="16" fill="#fdda24" />
      <rect x="16" width="8" height="16" fill="#ef3340" />
    </>
  ),
  dubai: (
    <>
      <rect width="24" height="16" fill="#fff" />
      <rect width="24" height="5.33" fill="#00732f" />
      <rect y="10.67" width="24" height="5.33" fill="#000" />
      <rect width="6" height="16" fill="#ff0000" />
    </>
  ),
  'hong-kong': (
    <>
      <rect width="24" height="16" fill="#de2910" />
      {[0, 72, 144, 216, 288].map((a) => (
        <ellipse key={a} cx="12" cy="5.2" rx="1.6" ry="3" fill="#fff" transform={`rotate(${a} 12 8)`} />
      ))}
    </>
  ),
  'new-york': (
    <>
      <rect width="24" height="16" fill="#fff" />
      {[0, 1, 2, 3, 4, 5, 6].map((i) => (
        <rect key={i} y={(i * 16) / 6.5} width="24" height={16 / 13} fill="#b22234" />
      ))}
      <rect width="10" height="8.6" fill="#3c3b6e" />
    </>
  ),
}

function India() {
  return (
    <>
      <rect width="24" height="16" fill="#fff" />
      <rect width="24" height="5.33" fill="#ff9933" />
      <rect y="10.67" width="24" height="5.33" fill="#138808" />
      <circle cx="12" cy="8" r="2.1" fill="none" stroke="#000080" strokeWidth="0.6" />
    </>
  )
}

export function OfficeFlag({ code }: { code: string }) {
  const flag = FLAGS[code]
  if (!flag) return null
  return (
    <svg className="appt-flag" viewBox="0 0 24 16" width="24" height="16" aria-hidden="true" focusable="false">
      {flag}
    </svg>
  )
}
