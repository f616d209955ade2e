import { useRef, useState, type FocusEvent } from 'react'

/**
 * Focus moving from a field to one of its form's buttons: the button's own action (Save checks
 * everything, Cancel drops everything) decides. Flagging the field here would shift the layout
 * between mouse down and up, and the click would be lost.
 */
export function leavingForOwnButton(e: FocusEvent<HTMLElement> | undefined): boolean {
  const to = e?.relatedTarget
  return (
    to instanceof HTMLButtonElement && !!to.form && to.form === (e?.currentTarget as HTMLInputElement | undefined)?.form
  )
}

/**
 * Local state of one form: values and errors from a pure rule set. A field is checked when it loses
 * focus, and again as it changes once it has been flagged.
 */
export function useForm<V extends object, E extends string>(
  initial: V,
  validate: (v: V) => Partial<Record<keyof V, E>>,
) {
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<Partial<Record<keyof V, E>>>({})
  // The latest values and errors, for handlers that run before the next render: every change goes
  // through `update`, which writes them here as it sets the state.
  const latest = useRef({ values, errors })

  function update(nextValues: V, nextErrors: Partial<Record<keyof V, E>>) {
    latest.current = { values: nextValues, errors: nextErrors }
    setValues(nextValues)
    setErrors(nextErrors)
  }

  function recheck(v: V, prev: Partial<Record<keyof V, E>>, field: keyof V) {
    const e = validate(v)[field]
    const out = { ...prev }
    if (e) out[field] = e
    else delete out[field]
    return out
  }

  function set<K extends keyof V>(field: K, value: V[K]) {
    const { values: v, errors: prev } = latest.current
    const next = { ...v, [field]: value }
    update(next, prev[field] ? recheck(next, prev, field) : prev)
  }

  function blur(field: keyof V, e?: FocusEvent<HTMLElement>) {
    if (leavingForOwnButton(e)) return
    const { values: v, errors: prev } = latest.current
    update(v, recheck(v, prev, field))
  }

  /** Checks everything; answers the first invalid field in `order`, or null. */
  function checkAll(order: readonly (keyof V)[]): keyof V | null {
    const all = validate(latest.current.values)
    update(latest.current.values, all)
    return order.find((f) => all[f]) ?? null
  }

  function reset(v: V) {
    update(v, {})
  }

  function flag(fields: Partial<Record<keyof V, E>>) {
    update(latest.current.values, { ...latest.current.errors, ...fields })
  }

  return { values, errors, set, blur, checkAll, reset, flag }
}
