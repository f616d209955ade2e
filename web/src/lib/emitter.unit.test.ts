import { describe, expect, it } from 'vitest'
import { createEmitter } from './emitter'

interface Events {
  count: number
  word: string
  ping: undefined
}

describe('typed emitter', () => {
  it('tells each listener of its own event, in the order they were added', () => {
    const e = createEmitter<Events>()
    const heard: string[] = []
    e.on('count', (n) => heard.push(`a${n}`))
    e.on('count', (n) => heard.push(`b${n}`))
    e.on('word', (w) => heard.push(w))
    e.emit('count', 1)
    e.emit('word', 'x')
    expect(heard).toEqual(['a1', 'b1', 'x'])
  })

  it('emits an event without a payload with nothing', () => {
    const e = createEmitter<Events>()
    let pings = 0
    e.on('ping', () => pings++)
    e.emit('ping')
    e.emit('ping')
    expect(pings).toBe(2)
  })

  it('stops telling a listener once removed, by off or by the function on answers', () => {
    const e = createEmitter<Events>()
    const heard: number[] = []
    const a = (n: number) => heard.push(n)
    const b = (n: number) => heard.push(n * 10)
    e.on('count', a)
    const stopB = e.on('count', b)
    e.emit('count', 1)
    e.off('count', a)
    e.emit('count', 2)
    stopB()
    e.emit('count', 3)
    expect(heard).toEqual([1, 10, 20])
  })

  it('skips a listener removed while the event is being told', () => {
    const e = createEmitter<Events>()
    const heard: string[] = []
    let stopSecond = () => {}
    e.on('count', () => {
      heard.push('first')
      stopSecond()
    })
    stopSecond = e.on('count', () => heard.push('second'))
    e.emit('count', 1)
    expect(heard).toEqual(['first'])
  })

  it('emits to nobody without failing', () => {
    const e = createEmitter<Events>()
    expect(() => e.emit('word', 'alone')).not.toThrow()
  })
})
