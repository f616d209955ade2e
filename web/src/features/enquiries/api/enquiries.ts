import type { Enquiry, EnquiryPage, EnquiryPaginate, EnquiryReply } from '@diamond/contracts/http/enquiries'
import { api } from '../../../lib/api'

export const enquiryPage = (req: EnquiryPaginate) => api<EnquiryPage>('diamond-enquiry/paginate', req)
export const replyToEnquiry = (req: EnquiryReply) => api<Enquiry>('diamond-enquiry/reply', req, { loader: true })
/** An enquiry is the buyer's track of type 6: removing it removes its conversation too. */
export const removeEnquiry = (id: string) => api<unknown>('diamond-track/delete', { ids: [id] }, { loader: true })
