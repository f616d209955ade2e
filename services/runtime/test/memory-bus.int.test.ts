import { MemoryBus } from '../src/bus/memory'
import type { MessageBus } from '../src/bus/types'
import { busContract, type DeadLetterRecord } from './bus.contract'

const attempts = 3

busContract('MemoryBus', async () => new MemoryBus({ delivery: { attempts, backoffMs: 1 } }), {
  attempts,
  deadLetters: async (bus: MessageBus, topic: string) => (bus as MemoryBus).deadLetters(topic) as DeadLetterRecord[],
})
