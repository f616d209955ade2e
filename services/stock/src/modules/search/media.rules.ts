import type { StoneMedia, StoneRow } from '@diamond/contracts/http/stock'

/**
 * Media live on hosts of their own (spec section 7: a data host and separate hosts for images,
 * videos and certificates), configured per deployment. A host left empty means the portal has no
 * such media: the link is '' and the screen says so instead of showing a broken link.
 */
export interface MediaHosts {
  image: string
  video: string
  certificate: string
  plotting: string
  xray: string
}

/** The three labs' public report checks (spec section 7: three certificate-lab verification links). */
export const LAB_VERIFY: Record<string, (reportNo: string) => string> = {
  GIA: (n) => `https://www.gia.edu/report-check?reportno=${encodeURIComponent(n)}`,
  IGI: (n) => `https://www.igi.org/verify-your-report/?r=${encodeURIComponent(n)}`,
  HRD: (n) => `https://my.hrdantwerp.com/?record_number=${encodeURIComponent(n)}`,
}

const join = (host: string, path: string) => (host ? `${host.replace(/\/+$/, '')}/${path}` : '')

/** A stone's own media (what its seller uploaded or linked), which wins over the configured hosts. */
export interface OwnLinks {
  image?: string
  video?: string
  certificate?: string
}

export function mediaOf(
  row: Pick<StoneRow, 'vStnId' | 'certNo' | 'lbNm' | 'isXray'>,
  hosts: MediaHosts,
  own: OwnLinks = {},
): StoneMedia {
  const id = encodeURIComponent(row.vStnId)
  const verify = LAB_VERIFY[row.lbNm]
  return {
    image: own.image ?? join(hosts.image, `${id}.svg`),
    video: own.video ?? join(hosts.video, `${id}.mp4`),
    certificate:
      own.certificate ?? (row.certNo ? join(hosts.certificate, `${encodeURIComponent(row.certNo)}.pdf`) : ''),
    plotting: join(hosts.plotting, `${id}.svg`),
    xray: row.isXray ? join(hosts.xray, `${id}.jpg`) : '',
    labVerify: verify && row.certNo ? verify(row.certNo) : '',
  }
}
