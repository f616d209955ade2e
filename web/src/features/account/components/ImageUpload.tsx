import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ApiError } from '../../../lib/api'
import { codeText } from '../../../lib/i18n'
import { fileProblem, uploadFile } from '../../../lib/upload'
import { useStoredImage } from '../../../lib/useStoredImage'
import './account.css'
import { FileInput } from '../../../components/FileInput'

const IMAGE_ACCEPT = '.jpg,.jpeg,.png'
const isImageName = (name: string) => /\.(jpe?g|png)$/i.test(name)

interface Props {
  id: string
  purpose: 'logo' | 'cover'
  label: string
  /** e.g. '160x160 px preferred' */
  hint: string
  fileId: string
  disabled: boolean
  onUploaded: (fileId: string) => void
  /** Told when an upload starts and ends: the form must not be saved without the file it waits for. */
  onBusy?: (busy: boolean) => void
}

/** Logo or cover: an image checked in the browser, sent with progress, previewed at once. */
export function ImageUpload({ id, purpose, label, hint, fileId, disabled, onUploaded, onBusy }: Props) {
  const { t } = useTranslation()
  const [local, setLocal] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  const stored = useStoredImage(local ? '' : fileId)
  const preview = local ?? stored

  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local])

  async function choose(file: File | undefined) {
    if (!file) return
    setProblem(null)
    setSize(null)
    const p = fileProblem(file)
    if (p || !isImageName(file.name)) {
      setProblem(t(`account.company.upload.${p === 'size' || p === 'empty' ? p : 'image'}`))
      return
    }
    setLocal(URL.createObjectURL(file))
    setProgress(0)
    onBusy?.(true)
    const { data, error } = await uploadFile(purpose, file, setProgress)
    setProgress(null)
    onBusy?.(false)
    if (data) {
      if (data.width && data.height) setSize({ width: data.width, height: data.height })
      onUploaded(data.id)
    } else {
      setLocal(null)
      setProblem(uploadProblem(error))
    }
  }

  function uploadProblem(error: ApiError): string {
    if (error.code === 'E_FILE_TYPE') return t('account.company.upload.image')
    if (error.code === 'E_FILE_TOO_LARGE') return t('account.company.upload.size')
    return codeText(error.code, error.message, 'account.company.upload.failed')
  }

  return (
    <div
      className={`field image-upload image-upload--${purpose}${problem ? ' is-invalid' : ''}`}
      data-testid={`${id}-box`}
    >
      <label htmlFor={id}>{label}</label>
      <div className="image-upload-frame">
        {preview ? (
          <img src={preview} alt={label} className="image-upload-preview" data-testid={`${id}-preview`} />
        ) : (
          <span className="image-upload-empty">{t('account.company.noImage')}</span>
        )}
      </div>
      {!disabled && (
        <FileInput
          id={id}
          data-testid={id}
          accept={IMAGE_ACCEPT}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      )}
      {progress !== null && (
        <progress
          className="upload-progress"
          max={100}
          value={Math.round(progress * 100)}
          aria-label={t('account.company.upload.progress')}
        />
      )}
      <p className="field-help" id={`${id}-hint`}>
        {hint}
        {size && ` · ${t('account.company.upload.actual', { width: size.width, height: size.height })}`}
      </p>
      {problem && (
        <p className="field-error" role="alert" data-testid={`${id}-error`}>
          {problem}
        </p>
      )}
    </div>
  )
}
