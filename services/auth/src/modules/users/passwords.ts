import { hash, verify, type Algorithm } from '@node-rs/argon2'

// Algorithm is an ambient const enum; 2 is its Argon2id member.
const ARGON2ID = 2 as Algorithm.Argon2id

// argon2id with OWASP's recommended minimum: 19 MiB, two passes, one lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string) => hash(password, OPTIONS)

/** Always does the work of one verification, so timing does not reveal whether a user exists. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const target = stored ?? (await dummyHash)
  const ok = await verify(target, password).catch(() => false)
  return ok && stored !== null
}

const dummyHash = hashPassword('not-a-real-password-' + Math.random())
