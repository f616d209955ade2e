import { ListingEventTypes, type StonesListed } from '@diamond/contracts/events/members'
import { newEvent } from '@diamond/runtime'

/**
 * One `stock.listing.listed` for the stones a seller just made live in one go — an upload (file or
 * FTP) or an auction opened — never one per stone (issue 25); none when nothing went live.
 */
export function listedEvent(
  seller: { id: string; name: string },
  source: StonesListed['source'],
  sourceId: string,
  live: readonly string[],
) {
  if (!live.length) return null
  return newEvent<StonesListed>('stock', ListingEventTypes.listed, seller.id, {
    companyId: seller.id,
    companyName: seller.name.slice(0, 200),
    source,
    sourceId,
    count: live.length,
    stoneIds: live.slice(0, 50),
  })
}
