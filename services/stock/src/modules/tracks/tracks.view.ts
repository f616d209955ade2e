import type { Offer, Track } from '@diamond/contracts/http/tracks'
import type { StepRecord, TrackRecord } from './tracks.repository'

const dollars = (c: string | number | null): number | null => (c === null ? null : Number(c) / 100)

/** A track as the API shows it; the offer (with its steps) only to viewers who may see prices. */
export function toTrack(r: TrackRecord, steps: readonly StepRecord[], opts: { showPrices: boolean; showOwner: boolean }): Track {
  const t: Track = {
    id: r.id,
    trackType: r.track_type,
    stoneId: r.stone_id,
    remarks: r.remarks,
    reminderAt: r.reminder_at ? r.reminder_at.toISOString() : null,
    enquiry: r.enquiry,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }
  if (opts.showOwner) t.ownerName = r.owner_name
  if (opts.showPrices && r.offer_status && r.offer_turn) {
    const offer: Offer = {
      status: r.offer_status,
      turn: r.offer_turn,
      askingPrice: dollars(r.asking_cents)!,
      buyerPrice: dollars(r.buyer_cents)!,
      salesPrice: dollars(r.sales_cents),
      expiresAt: r.offer_expires_at ? r.offer_expires_at.toISOString() : null,
      steps: steps.filter((s) => s.track_id === r.id).map((s) => ({ side: s.side, action: s.action, price: dollars(s.price_cents), at: s.created_at.toISOString() })),
    }
    t.offer = offer
  }
  return t
}
