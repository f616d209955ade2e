import type { Offer, Track } from '@diamond/contracts/http/tracks'
import type { StepRecord, TrackRecord } from './tracks.repository'

const dollars = (c: number | null): number | null => (c === null ? null : c / 100)

/** A track as the API shows it; the offer (with its steps) only to viewers who may see prices. */
export function toTrack(
  r: TrackRecord,
  steps: readonly StepRecord[],
  opts: { showPrices: boolean; showOwner: boolean },
): Track {
  const t: Track = {
    id: r.id,
    trackType: r.trackType,
    stoneId: r.stoneId,
    remarks: r.remarks,
    reminderAt: r.reminderAt ? r.reminderAt.toISOString() : null,
    enquiry: r.enquiry,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }
  if (opts.showOwner) t.ownerName = r.ownerName
  if (opts.showPrices && r.offerStatus && r.offerTurn) {
    const offer: Offer = {
      status: r.offerStatus,
      turn: r.offerTurn,
      askingPrice: dollars(r.askingCents)!,
      buyerPrice: dollars(r.buyerCents)!,
      salesPrice: dollars(r.salesCents),
      expiresAt: r.offerExpiresAt ? r.offerExpiresAt.toISOString() : null,
      steps: steps
        .filter((s) => s.trackId === r.id)
        .map((s) => ({ side: s.side, action: s.action, price: dollars(s.priceCents), at: s.createdAt.toISOString() })),
    }
    t.offer = offer
  }
  return t
}
