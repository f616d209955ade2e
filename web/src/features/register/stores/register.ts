import type { UploadPurpose } from '@diamond/contracts/http/account'
import type { Place } from '@diamond/contracts/http/misc'
import { proxy } from 'valtio'
import type { ApiError } from '../../../lib/api'
import { fileProblem, uploadFile, type FileProblem } from '../../../lib/upload'
import { cities, countries, registerBuyer, registerSeller, states } from '../api/register'
import {
  emptyValues,
  firstStepWithError,
  serverFieldErrors,
  STEP_FIELDS,
  STEPS,
  takenFields,
  toRequest,
  validateField,
  validateStep,
  type Field,
  type FieldErrors,
  type RegisterValues,
} from './register.rules'

/** The three documents of the form and the field each fills with the uploaded file's id. */
export const DOC_SLOTS = ['photoId', 'businessProof', 'kyc'] as const satisfies readonly UploadPurpose[]
export type DocSlot = (typeof DOC_SLOTS)[number]
export const SLOT_FIELD: Record<DocSlot, Field> = {
  photoId: 'photoIdFileId',
  businessProof: 'businessProofFileId',
  kyc: 'kycFileId',
}

/** Why a document is not attached: the browser's own checks, or the server's answer. */
export type UploadProblem = FileProblem | 'failed'
export interface UploadState {
  name: string
  /** 0..1 while sending. */
  progress: number
  uploading: boolean
  problem: UploadProblem | null
  /** The server's code when problem is 'failed'. */
  error: ApiError | null
}
const idle = (): UploadState => ({ name: '', progress: 0, uploading: false, problem: null, error: null })

export const register = proxy({
  values: emptyValues(),
  asSeller: false,
  step: 0,
  errors: {} as FieldErrors,
  /** Fields the user has left once: from then on they are checked as they change. */
  touched: [] as Field[],
  uploads: { photoId: idle(), businessProof: idle(), kyc: idle() } as Record<DocSlot, UploadState>,
  places: {
    countries: [] as Place[],
    states: [] as Place[],
    cities: [] as Place[],
    /** A list answered (possibly empty) for the current parent. */
    statesLoaded: false,
    citiesLoaded: false,
    countriesLoaded: false,
  },
  submitting: false,
  /** A refusal not tied to a field. */
  notice: null as ApiError | null,
})

const uploadSeq: Record<DocSlot, number> = { photoId: 0, businessProof: 0, kyc: 0 }

export function resetRegister(asSeller: boolean): void {
  register.values = emptyValues()
  register.asSeller = asSeller
  register.step = 0
  register.errors = {}
  register.touched = []
  for (const s of DOC_SLOTS) {
    uploadSeq[s]++
    register.uploads[s] = idle()
  }
  register.places.states = []
  register.places.cities = []
  register.places.statesLoaded = false
  register.places.citiesLoaded = false
  register.submitting = false
  register.notice = null
}

function check(field: Field): void {
  const e = validateField(field, register.values)
  if (e) register.errors[field] = e
  else delete register.errors[field]
}

export function setValue<F extends Field>(field: F, value: RegisterValues[F]): void {
  register.values[field] = value
  if (register.touched.includes(field) || register.errors[field]) check(field)
  // The repeat follows the password it must match.
  if (field === 'password' && (register.touched.includes('confirmPassword') || register.errors.confirmPassword))
    check('confirmPassword')
}

export function blurField(field: Field): void {
  if (!register.touched.includes(field)) register.touched.push(field)
  check(field)
}

/** Checks the current step; moves on when it is clean. Answers the first invalid field, if any. */
export function nextStep(): Field | null {
  const step = STEPS[register.step]!
  const errors = validateStep(step, register.values)
  for (const f of STEP_FIELDS[step]) {
    if (errors[f]) register.errors[f] = errors[f]
    else delete register.errors[f]
    if (!register.touched.includes(f)) register.touched.push(f)
  }
  const first = STEP_FIELDS[step].find((f) => errors[f]) ?? null
  if (!first && register.step < STEPS.length - 1) register.step++
  return first
}

export function goToStep(i: number): void {
  // Only back: forward goes through Next and its checks.
  if (i >= 0 && i < register.step) register.step = i
}

export function setAsSeller(asSeller: boolean): void {
  register.asSeller = asSeller
}

// ---------- Locations ----------

let placeSeq = 0

export async function loadCountries(): Promise<void> {
  if (register.places.countries.length) return
  const { data } = await countries()
  // No list (none served, or the call failed): the country is typed instead.
  register.places.countries = data?.list ?? []
  register.places.countriesLoaded = true
}

export async function pickCountry(id: string): Promise<void> {
  const name = register.places.countries.find((c) => c.id === id)?.name ?? ''
  setValue('countryId', id)
  setValue('country', name)
  setValue('stateId', '')
  setValue('state', '')
  setValue('city', '')
  register.places.states = []
  register.places.cities = []
  register.places.statesLoaded = false
  register.places.citiesLoaded = false
  if (!id) return
  const seq = ++placeSeq
  const { data } = await states(id)
  if (seq !== placeSeq) return
  register.places.states = data?.list ?? []
  register.places.statesLoaded = true
}

export async function pickState(id: string): Promise<void> {
  const name = register.places.states.find((s) => s.id === id)?.name ?? ''
  setValue('stateId', id)
  setValue('state', name)
  setValue('city', '')
  register.places.cities = []
  register.places.citiesLoaded = false
  if (!id) return
  const seq = ++placeSeq
  const { data } = await cities(id)
  if (seq !== placeSeq) return
  register.places.cities = data?.list ?? []
  register.places.citiesLoaded = true
}

// ---------- Documents ----------

/** Checks the file in the browser (extension, size), then sends it with progress. */
export async function chooseFile(slot: DocSlot, file: File | null): Promise<void> {
  const seq = ++uploadSeq[slot]
  const field = SLOT_FIELD[slot]
  setValue(field, '')
  if (!file) {
    register.uploads[slot] = idle()
    return
  }
  const problem = fileProblem(file)
  register.uploads[slot] = { ...idle(), name: file.name, problem }
  if (problem) return
  register.uploads[slot].uploading = true
  const { data, error } = await uploadFile(slot, file, (p) => {
    if (seq === uploadSeq[slot]) register.uploads[slot].progress = p
  })
  if (seq !== uploadSeq[slot]) return
  const u = register.uploads[slot]
  u.uploading = false
  if (data) {
    u.progress = 1
    setValue(field, data.id)
    delete register.errors[field]
  } else if (error) {
    u.progress = 0
    u.problem = error.code === 'E_FILE_TYPE' ? 'type' : error.code === 'E_FILE_TOO_LARGE' ? 'size' : 'failed'
    u.error = error
  }
}

// ---------- Submit ----------

export type Outcome =
  { kind: 'ok'; email: string } | { kind: 'invalid'; field: Field | null } | { kind: 'error'; error: ApiError }

export async function submitRegister(): Promise<Outcome> {
  if (register.submitting) return { kind: 'invalid', field: null }
  if (DOC_SLOTS.some((s) => register.uploads[s].uploading)) return { kind: 'invalid', field: null }
  // Every step again: a later edit may have broken an earlier one.
  const errors: FieldErrors = {}
  for (const s of STEPS) Object.assign(errors, validateStep(s, register.values))
  register.errors = errors
  const failedStep = firstStepWithError(errors)
  if (failedStep !== null) {
    register.step = failedStep
    return { kind: 'invalid', field: STEP_FIELDS[STEPS[failedStep]!].find((f) => errors[f]) ?? null }
  }
  register.notice = null
  register.submitting = true
  const send = register.asSeller ? registerSeller : registerBuyer
  const { data, error, response } = await send(toRequest(register.values))
  register.submitting = false
  if (data) return { kind: 'ok', email: data.email }
  let flagged: FieldErrors = {}
  if (error.code === 'E_VALIDATION') flagged = serverFieldErrors(response?.data, register.values)
  else if (error.code === 'E_ALREADY_EXISTS') for (const f of takenFields(response?.data)) flagged[f] = 'taken'
  const step = firstStepWithError(flagged)
  if (step === null) {
    register.notice = error
    return { kind: 'error', error }
  }
  register.errors = flagged
  register.step = step
  return { kind: 'invalid', field: STEP_FIELDS[STEPS[step]!].find((f) => flagged[f]) ?? null }
}
