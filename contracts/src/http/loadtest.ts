import { Type, type Static } from 'typebox'

/**
 * POST /web/v1/loadtest/echo (issue 27): a bare JSON POST on the deployment itself, the baseline a
 * load test divides by. Served only where the operator sets LOADTEST_ECHO=true on the gateway (off by
 * default: 404). It takes any JSON object of up to 64 fields, as a bid's body is, and answers it back
 * in the envelope: no token, no database, no event.
 */
export const LoadtestEcho = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 64 })
export type LoadtestEcho = Static<typeof LoadtestEcho>
