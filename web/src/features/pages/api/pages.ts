import type {
  BannerAdmin,
  BannerAdminList,
  BannerImageUploaded,
  BannerSave,
  Faq,
  FaqList,
  FaqSave,
  PageSave,
  PortalPage,
} from '@diamond/contracts/http/content'
import type { PageSlug } from '@diamond/contracts/http/care.values'
import { api, API_BASE, NETWORK_ERROR, type ApiResult } from '../../../lib/api'
import { session } from '../../../lib/session'

export const viewPage = (slug: PageSlug, lang: string) => api<PortalPage>('page/view', { slug, lang: short(lang) })
export const savePage = (p: PageSave) => api<PortalPage>('page/save', p, { loader: true })
export const listFaqs = (lang: string) => api<FaqList>('faq/paginate', { lang: short(lang) })
export const saveFaq = (f: FaqSave) => api<Faq>('faq/save', f, { loader: true })
export const deleteFaq = (id: string) => api<{ deleted: boolean }>('faq/delete', { id }, { loader: true })
export const listBanners = () => api<BannerAdminList>('banner/list', {})
export const saveBanner = (b: BannerSave) => api<BannerAdmin>('banner/save', b, { loader: true })
export const deleteBanner = (id: string) => api<{ deleted: boolean }>('banner/delete', { id }, { loader: true })

/** The interface language as the content calls take it: its first part ('fr-CA' → 'fr'). */
const short = (lang: string) => (lang.split('-')[0] ?? 'en') as PageSave['lang']

/** banner/image/upload: multipart with one file; answers the image's address. */
export async function uploadBannerImage(file: File): Promise<ApiResult<BannerImageUploaded>> {
  const form = new FormData()
  form.append('file', file, file.name)
  try {
    const res = await fetch(`${API_BASE}/banner/image/upload`, {
      method: 'POST',
      headers: session.token ? { authorization: `JWT ${session.token}` } : {},
      body: form,
    })
    const json = (await res.json()) as { code: string; message: string; data: unknown }
    if (json.code === 'OK') return { error: null, data: json.data as BannerImageUploaded, response: json as never }
    return { error: { code: json.code, message: json.message, data: json.data }, data: null, response: json }
  } catch {
    return { error: { code: NETWORK_ERROR, message: '' }, data: null, response: null }
  }
}
