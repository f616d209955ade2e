import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { Track } from '@diamond/contracts/http/tracks'
import { TRACK_TYPES } from '@diamond/contracts/http/tracks.values'
import { fmtDateTime, TIME_ZONE } from '../../../lib/format'
import { stones } from '../../../grid/stores/query'
import { stoneField } from '../../../grid/stores/rows'

/** The reader's own zone, when it is not India's (the portal shows India time, spec section 9). */
const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone
const ownZoneDiffers = () => ownZone() !== TIME_ZONE && ownZone() !== 'Asia/Calcutta'
const ownTime = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))

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
            {trackType === TRACK_TYPES.reminder && (
              <td dir="ltr" data-testid="reminder-at">
                {fmtDateTime(track.reminderAt)} {t('lists.fields.indiaTime')}
                {track.reminderAt && ownZoneDiffers() && (
                  <span className="hint"> ({t('lists.fields.yourTime', { time: ownTime(track.reminderAt) })})</span>
                )}
              </td>
            )}
            {trackType === TRACK_TYPES.enquiry && <td dir="auto">{track.enquiry}</td>}
            <td dir="auto">{track.remarks || '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
