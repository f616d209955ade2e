import { describe, expect, it } from 'vitest'
import type { Socket } from 'socket.io'
import type { WebSocket } from 'ws'
import type { StoneStatus } from '@diamond/contracts/realtime'
import { ioTarget, stonesStatusFrame, wsTarget } from './targets'

const change = (version: number): StoneStatus => ({
  id: '00000000-0000-4000-8000-000000000001',
  vStnId: 'V"1\\',
  wSts: 'H',
  availability: 'H',
  version,
  at: '2026-01-01T00:00:00.000Z',
})

describe('a batch on the plain WebSocket', () => {
  it('is the same text as the frame stringified whole', () => {
    const changes = [change(1), change(2)]
    expect(stonesStatusFrame(changes)).toBe(JSON.stringify({ type: 'stones.status', data: { changes } }))
    expect(stonesStatusFrame([])).toBe(JSON.stringify({ type: 'stones.status', data: { changes: [] } }))
  })

  it('waits while the socket holds more than the limit unsent, and is dropped once it closed', () => {
    const ws = { OPEN: 1, readyState: 1, bufferedAmount: 0 }
    const target = wsTarget(ws as unknown as WebSocket, 1000)
    expect(target.state()).toBe('ready')
    ws.bufferedAmount = 1001
    expect(target.state()).toBe('busy')
    ws.readyState = 3
    expect(target.state()).toBe('closed')
  })
})

describe('a batch on socket.io', () => {
  it('waits only while engine.io is still writing and packets queue behind it or its WebSocket holds too much', () => {
    const conn = { writeBuffer: [] as unknown[], transport: { writable: true, socket: { bufferedAmount: 0 } } }
    const socket = { connected: true, conn }
    const target = ioTarget(socket as unknown as Socket, 1000)
    expect(target.state()).toBe('ready')
    conn.transport.writable = false // one write on its way: the batch may queue behind it
    expect(target.state()).toBe('ready')
    conn.writeBuffer.push({})
    expect(target.state()).toBe('busy')
    conn.writeBuffer.length = 0
    conn.transport.socket.bufferedAmount = 1001
    expect(target.state()).toBe('busy')
    socket.connected = false
    expect(target.state()).toBe('closed')
  })
})
