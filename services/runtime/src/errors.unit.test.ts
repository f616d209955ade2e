import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { AppError, fieldErrors, installErrorHandling } from './errors'

const constErr = (path: string, allowedValue: unknown) => ({
  instancePath: path,
  keyword: 'const',
  message: 'must be equal to constant',
  params: { allowedValue },
})

describe('schema errors as fields', () => {
  it('names the allowed values of a field that matches none of its constants, once', () => {
    const errors = [
      constErr('/kind', 'live'),
      constErr('/kind', 'blind'),
      { instancePath: '/kind', keyword: 'anyOf', message: 'must match a schema in anyOf', params: {} },
    ]
    expect(fieldErrors('body', errors)).toEqual([{ field: 'kind', in: 'body', message: 'must be one of: live, blind' }])
  })
  it('leaves other errors as they are, beside it', () => {
    const errors = [
      { instancePath: '/page', keyword: 'minimum', message: 'must be >= 1', params: {} },
      constErr('/lots/0/state', 'open'),
      { instancePath: '/lots/0/state', keyword: 'anyOf', message: 'must match a schema in anyOf', params: {} },
      {
        instancePath: '',
        keyword: 'required',
        message: "must have required property 'title'",
        params: { missingProperty: 'title' },
      },
    ]
    expect(fieldErrors('body', errors)).toEqual([
      { field: 'page', in: 'body', message: 'must be >= 1' },
      { field: 'lots.0.state', in: 'body', message: 'must be one of: open' },
      { field: 'title', in: 'body', message: "must have required property 'title'" },
    ])
  })
})

describe('the one error handler', () => {
  it('says when a limited caller may come back, in the body and as Retry-After', async () => {
    const app = Fastify()
    installErrorHandling(app)
    app.get('/limited', () => {
      throw new AppError('E_RATE_LIMITED', { retryAfter: 42 })
    })
    app.get('/plain', () => {
      throw new AppError('E_RATE_LIMITED')
    })
    const limited = await app.inject({ method: 'GET', url: '/limited' })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBe('42')
    expect(limited.json()).toMatchObject({ code: 'E_RATE_LIMITED', data: { retryAfter: 42 } })
    const plain = await app.inject({ method: 'GET', url: '/plain' })
    expect(plain.headers['retry-after']).toBeUndefined()
    await app.close()
  })
})
