import { MemoryBus } from '../src/bus/memory'
import type { MessageBus } from '../src/bus/types'
import { busContract, type DeadLetterRecord } from './bus.contract'

const attempts = 3

busContract('MemoryBus', () => Promise.resolve(new MemoryBus({ delivery: { attempts, backoffMs: 1 } })), {
  attempts,
  deadLetters: (bus: MessageBus, topic: string) =>
    Promise.resolve((bus as MemoryBus).deadLetters(topic) as DeadLetterRecord[]),
})
