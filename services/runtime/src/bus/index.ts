import { kafkaBrokers, type PlatformConfig } from '../config'
import { KafkaBus } from './kafka'
import { MemoryBus } from './memory'
import type { MessageBus } from './types'

export type { MessageBus, Subscription, SubscribeOptions, EventHandler } from './types'
export { EventHandlers, type TypedHandler } from './handlers'
export { MemoryBus } from './memory'
export { KafkaBus } from './kafka'

export function createBus(
  config: PlatformConfig,
  clientId: string,
  log?: (m: string, e?: unknown) => void,
): MessageBus {
  return config.BUS === 'kafka'
    ? new KafkaBus({ brokers: kafkaBrokers(config), clientId, log })
    : new MemoryBus({ log })
}
