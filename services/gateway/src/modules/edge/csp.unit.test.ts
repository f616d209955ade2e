import { describe, expect, it } from 'vitest'
import { originOf, relaxedDirectives, serialize, strictDirectives } from './csp'

describe('the Content-Security-Policy', () => {
  it('allows the absolute media hosts by origin, and takes relative ones as the portal itself', () => {
    expect(originOf('https://cdn.example.com/stones/img?x=1')).toBe('https://cdn.example.com')
    expect(originOf('/web/v1/diamond-media/image')).toBeNull()
    expect(originOf('not a url')).toBeNull()
    const d = strictDirectives([
      'https://cdn.example.com/a',
      'https://cdn.example.com/b',
      '/web/v1/diamond-media/plotting',
      'http://video.example.org:8443/v',
    ])
    expect(d['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://cdn.example.com',
      'http://video.example.org:8443',
    ])
    expect(d['media-src']).toEqual(["'self'", 'https://cdn.example.com', 'http://video.example.org:8443'])
  })

  it('has no inline script anywhere, and inline styles only on the relaxed pages', () => {
    const strict = serialize(strictDirectives([]))
    expect(strict).not.toContain('unsafe')
    expect(strict).toContain("frame-ancestors 'none'")
    const relaxed = relaxedDirectives(strictDirectives([]))
    expect(relaxed['style-src']).toContain("'unsafe-inline'")
    expect(relaxed['script-src']).toEqual(["'self'"])
    expect(relaxed['frame-ancestors']).toEqual(["'none'"])
  })
})
