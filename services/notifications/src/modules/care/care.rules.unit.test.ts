import { describe, expect, it } from 'vitest'
import {
  average,
  conciergeProblems,
  contactProblems,
  feedbackProblems,
  periodStart,
  periodStarts,
  requestNumber,
} from './care.rules'

const Q = ['q1', 'q2', 'q3']

describe('feedback form', () => {
  it('accepts every question answered once with a whole score 0 to 10', () => {
    expect(
      feedbackProblems(
        Q,
        [
          { questionId: 'q1', score: 0 },
          { questionId: 'q2', score: 10 },
          { questionId: 'q3', score: 7 },
        ],
        'good',
      ),
    ).toEqual([])
  })
  it('names the score out of range or not whole', () => {
    const p = feedbackProblems(
      Q,
      [
        { questionId: 'q1', score: 11 },
        { questionId: 'q2', score: -1 },
        { questionId: 'q3', score: 7.5 },
      ],
      undefined,
    )
    expect(p.map((x) => x.field)).toEqual(['answers.0.score', 'answers.1.score', 'answers.2.score'])
  })
  it('names a missing, repeated or unknown question', () => {
    expect(
      feedbackProblems(
        Q,
        [
          { questionId: 'q1', score: 5 },
          { questionId: 'q1', score: 5 },
          { questionId: 'qx', score: 5 },
        ],
        undefined,
      ).map((x) => [x.field, x.message]),
    ).toEqual([
      ['answers.1.questionId', 'is answered twice'],
      ['answers.2.questionId', 'is not a feedback question'],
      ['answers', 'must answer every question (2 missing)'],
    ])
    expect(feedbackProblems(Q, [], undefined).map((x) => x.field)).toEqual(['answers'])
  })
  it('bounds the comment', () => {
    expect(feedbackProblems([], [], 'x'.repeat(2001)).map((x) => x.field)).toEqual(['comment'])
  })
})

describe('feedback over time', () => {
  it('groups by ISO week (Monday) and by month, in UTC', () => {
    expect(periodStart(new Date('2026-11-29T23:59:00Z'), 'week')).toBe('2026-11-23') // a Sunday
    expect(periodStart(new Date('2026-11-30T00:00:00Z'), 'week')).toBe('2026-11-30') // a Monday
    expect(periodStart(new Date('2026-03-01T00:30:00Z'), 'month')).toBe('2026-03-01')
    expect(periodStart(new Date('2026-01-01T10:00:00Z'), 'week')).toBe('2025-12-29')
  })
  it('lists the last n periods, oldest first', () => {
    expect(periodStarts(new Date('2026-11-27T12:00:00Z'), 'month', 3)).toEqual([
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ])
    expect(periodStarts(new Date('2026-11-27T12:00:00Z'), 'week', 2)).toEqual(['2026-11-16', '2026-11-23'])
    expect(periodStarts(new Date('2026-01-31T12:00:00Z'), 'month', 2)).toEqual(['2025-12-01', '2026-01-01'])
  })
  it('averages to two decimals', () => {
    expect(average(20, 3)).toBe(6.67)
    expect(average(0, 0)).toBe(0)
  })
})

describe('concierge', () => {
  it('needs criteria; a budget is whole dollars above 0; a deadline a real date from today', () => {
    expect(
      conciergeProblems(
        { criteria: '1.5 ct oval, F VS1, GIA', budgetUsd: 18000, deadline: '2026-12-20' },
        '2026-11-27',
      ),
    ).toEqual([])
    expect(
      conciergeProblems({ criteria: '  ', budgetUsd: 0, deadline: '2026-11-26' }, '2026-11-27').map((p) => p.field),
    ).toEqual(['criteria', 'budgetUsd', 'deadline'])
    expect(
      conciergeProblems({ criteria: 'x', budgetUsd: 10.5, deadline: '2026-13-01' }, '2026-11-27').map((p) => p.field),
    ).toEqual(['budgetUsd', 'deadline'])
  })
  it('numbers requests for people', () => expect(requestNumber(42)).toBe('R-000042'))
})

describe('contact form', () => {
  const good = { name: 'Ana Ruiz', email: 'ana@jewels.example', subject: 'Parcels', message: 'Do you ship to Madrid?' }
  it('accepts a proper message', () => expect(contactProblems(good)).toEqual([]))
  it('names each field at fault, and refuses header injection', () => {
    expect(contactProblems({ name: '', email: 'nope', subject: '', message: ' ' }).map((p) => p.field)).toEqual([
      'name',
      'subject',
      'message',
      'email',
    ])
    expect(contactProblems({ ...good, subject: 'Hi\r\nBcc: all@example.com' }).map((p) => p.field)).toEqual(['subject'])
  })
  it('takes only addresses mail can go to', () => {
    for (const email of [
      'a@b..com',
      'a..b@c.com',
      '.a@b.com',
      'a.@b.com',
      'a@-b.com',
      'a@b-.com',
      'a@b.com.',
      'a@b',
      'a b@c.com',
    ])
      expect(
        contactProblems({ ...good, email }).map((p) => p.field),
        email,
      ).toEqual(['email'])
    for (const email of ['ana.ruiz+shop@jewels.example', "o'neil@mail.co.uk", 'x@a-b.io', '  ana@jewels.example  '])
      expect(contactProblems({ ...good, email }), email).toEqual([])
  })
})
