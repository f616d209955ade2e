import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { Track } from '@diamond/contracts/http/tracks'
import { TRACK_TYPES } from '@diamond/contracts/http/tracks.values'
import { fmtDateTime } from '../../../lib/format'
import { stones } from '../../../grid/stores/query'
import { stoneField } from '../../../grid/stores/rows'

/** What the list keeps beside each stone: the reminder date, the enquiry, the note, the remarks. */
export function TrackDetails({ trackType }: { trackType: number }) {
  const { t } = useTranslation()
  const { ids } = useSnapshot(stones)
  const rows = ids.flatMap((id) => {
    // A track list's rows carry their track beside the stone's fields.
    const track = stoneField<{ track?: Track }, 'track'>(id, 'track')
    return track ? [{ vStnId: stoneField(id, 'vStnId') ?? '', track }] : []
  })
  if (!rows.length) return null
  return (
    <table className="track-details" data-testid="track-details">
      <thead>
        <tr>
          <th>{t('columns.stoneNo')}</th>
          {trackType === TRACK_TYPES.reminder && <th>{t('lists.fields.reminderAt')}</th>}
          {trackType === TRACK_TYPES.enquiry && <th>{t('lists.fields.enquiry')}</th>}
          <th>{t(trackType === TRACK_TYPES.comment ? 'lists.fields.note' : 'lists.fields.remarks')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ vStnId, track }) => (
          <tr key={track.id} data-testid={`track-${vStnId}`}>
            <td dir="ltr">{vStnId}</td>
            {trackType === TRACK_TYPES.reminder && <td dir="ltr">{fmtDateTime(track.reminderAt)}</td>}
            {trackType === TRACK_TYPES.enquiry && <td dir="auto">{track.enquiry}</td>}
            <td dir="auto">{track.remarks || '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
