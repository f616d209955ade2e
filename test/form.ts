/** A part of a multipart call: a plain field, or a file as its content and name. */
export type FormPart = [string, string | { content: string | Uint8Array; name: string; type?: string }]

/** A multipart body as the web app sends one (an upload): the parts in order. */
export function formOf(parts: readonly FormPart[]): FormData {
  const form = new FormData()
  for (const [name, value] of parts)
    if (typeof value === 'string') form.append(name, value)
    else
      form.append(
        name,
        new Blob([typeof value.content === 'string' ? value.content : new Uint8Array(value.content)], {
          type: value.type ?? '',
        }),
        value.name,
      )
  return form
}
