/**
 * A typed event emitter: one map from event name to payload type, so that a listener is checked
 * against what its event carries and an event name is never a loose string. An event whose payload
 * is `undefined` is emitted with nothing.
 *
 * Listeners are called in the order they were added, synchronously; one removed while an event is
 * being told is not called for it (a Set's iteration), one added meanwhile is.
 */
export type Listener<P> = (payload: P) => void
type Payload<P> = [P] extends [undefined] ? [] : [payload: P]

export interface Emitter<E extends object> {
  /** Adds a listener; answers the way to remove it. */
  on<K extends keyof E>(event: K, listener: Listener<E[K]>): () => void
  off<K extends keyof E>(event: K, listener: Listener<E[K]>): void
  emit<K extends keyof E>(event: K, ...payload: Payload<E[K]>): void
}

export function createEmitter<E extends object>(): Emitter<E> {
  const listeners = new Map<keyof E, Set<Listener<never>>>()
  const off = <K extends keyof E>(event: K, listener: Listener<E[K]>): void => {
    const set = listeners.get(event)
    if (!set) return
    set.delete(listener)
    if (!set.size) listeners.delete(event)
  }
  return {
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return () => off(event, listener)
    },
    off,
    emit(event, ...payload) {
      const set = listeners.get(event) as Set<Listener<unknown>> | undefined
      if (!set) return
      const p = payload[0]
      for (const l of set) l(p)
    },
  }
}
