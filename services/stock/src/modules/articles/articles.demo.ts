import { Readable } from 'node:stream'
import { DEMO_COMPANY_IDS } from '@diamond/contracts/companies'
import type { ArticleCreate } from '@diamond/contracts/http/articles'
import type { Principal } from '@diamond/runtime'
import type { Database } from '@diamond/runtime/db'
import { encodePng, type Rgb } from '@diamond/runtime/png'
import { markDone } from '../demo/demo.seed'
import type { ArticleService } from './articles.service'

/** The demo's articles: what seller1's company and one other sell besides single stones. */
const DEMO_ARTICLES: readonly {
  seller: string
  kind: ArticleCreate['kind']
  name: string
  description: string
  priceUsd: number
  picture: Picture
}[] = [
  {
    seller: 'Shah Diamonds',
    kind: 'jewellery',
    name: 'Solitaire engagement ring, 1.02 ct',
    description: '18k white gold, round brilliant 1.02 ct G VS1 (GIA), six-prong setting. Size 6, resizable.',
    priceUsd: 8950,
    picture: 'ring',
  },
  {
    seller: 'Shah Diamonds',
    kind: 'jewellery',
    name: 'Diamond pendant, pear 0.70 ct',
    description: 'Platinum pendant on an 18-inch chain, pear shape 0.70 ct F VS2, bezel set.',
    priceUsd: 4200,
    picture: 'pendant',
  },
  {
    seller: 'Shah Diamonds',
    kind: 'parcel',
    name: 'Melee parcel, 0.01–0.03 ct, 25 ct total',
    description: 'Rounds, G–H colour, VS–SI clarity, well matched; sold as one lot.',
    priceUsd: 9800,
    picture: 'parcel',
  },
  {
    seller: 'Surat Gems',
    kind: 'parcel',
    name: 'Single-cut parcel, 0.005 ct, 10 ct total',
    description: 'Single cuts for pavé, H–I colour, SI clarity.',
    priceUsd: 2650,
    picture: 'parcel',
  },
]

type Picture = 'ring' | 'pendant' | 'parcel'

/** 4:3, as the article cards frame their photos. */
const WIDTH = 640
const HEIGHT = 480
const BACKGROUND: Rgb = [17, 24, 39]
const GOLD: Rgb = [212, 175, 55]
const WHITE: Rgb = [236, 240, 246]
const ICE: Rgb = [186, 220, 245]

/** Whether (x, y) is within the diamond shape (a rhombus) centred at (cx, cy). */
const inStone = (x: number, y: number, cx: number, cy: number, r: number) =>
  Math.abs(x - cx) / r + Math.abs(y - cy) / (r * 1.2) <= 1
/** A stone's facets, roughly: lighter towards its top left. */
const stoneShade = (x: number, y: number, cx: number, cy: number): Rgb => (x - cx + (y - cy) < 0 ? WHITE : ICE)

/** Drawn demo photos, so the demo's cards show a picture rather than "no photo". */
export function demoPicture(picture: Picture): Buffer {
  const c = HEIGHT / 2
  return encodePng(WIDTH, HEIGHT, (px, y) => {
    // Drawn in a square in the middle of the frame.
    const x = px - (WIDTH - HEIGHT) / 2
    const d = Math.hypot(x - c, y - c)
    if (picture === 'ring') {
      if (inStone(x, y, c, c - 120, 42)) return stoneShade(x, y, c, c - 120)
      if (d > 95 && d < 118) return GOLD
    } else if (picture === 'pendant') {
      // The chain: a thin arc over the top; the stone hangs below it.
      const chain = Math.hypot(x - c, y - 40)
      if (Math.abs(chain - 150) < 2.5 && y > 40) return GOLD
      if (inStone(x, y, c, c + 40, 55)) return stoneShade(x, y, c, c + 40)
      if (Math.abs(x - c) < 4 && y > c - 70 && y < c - 25) return GOLD
    } else {
      // Many small rounds on a paper: the parcel.
      if (d < 190) {
        const gx = ((x % 28) + 28) % 28
        const gy = ((y % 28) + 28) % 28
        const dot = Math.hypot(gx - 14, gy - 14)
        if (dot < 8) return gx + gy < 28 ? WHITE : ICE
        return [236, 232, 220]
      }
    }
    return BACKGROUND
  })
}

/**
 * Once per database: the demo sellers' articles, listed, each with a drawn photo, put in through
 * the same service as a seller's own (its checks and events included).
 */
export async function seedDemoArticles(database: Database, articles: ArticleService): Promise<number> {
  const claimed = await database.sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('stock:demo-articles'))`
    return markDone(tx, 'articles')
  })
  if (!claimed) return 0
  let n = 0
  for (const a of DEMO_ARTICLES) {
    const companyId = DEMO_COMPANY_IDS[a.seller]!
    const who: Principal = {
      // The demo seller company's own id stands for the user who listed them.
      id: companyId,
      username: 'demo',
      userType: 'seller',
      perms: {},
      noPrice: false,
      ver: 0,
      guest: false,
      trusted: true,
      company: a.seller,
      companyId,
    }
    const created = await articles.create(who, {
      kind: a.kind,
      name: a.name,
      description: a.description,
      priceUsd: a.priceUsd,
      status: 'listed',
    })
    await articles.addPhoto(who, created.id, {
      name: `${a.picture}.png`,
      chunks: Readable.from([demoPicture(a.picture)])[Symbol.asyncIterator](),
    })
    n++
  }
  return n
}
