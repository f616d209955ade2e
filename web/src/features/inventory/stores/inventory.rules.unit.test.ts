import { describe, expect, it } from 'vitest'
import { matchHeaders } from '../../../../../services/stock/src/modules/inventory/inventory.mapping'
import { UPLOAD_FIELDS as SERVICE_FIELDS } from '../../../../../services/stock/src/modules/inventory/inventory.types'
import en from '../locales/inventory.en.json'
import {
  commitNeedsConfirm,
  duplicateFields,
  FIELD_GUIDE,
  fmtDuration,
  fmtPct,
  ftpProblems,
  inventoryFileProblem,
  isMediaFile,
  mapHeader,
  missingRequired,
  priceChangePct,
  reasonKey,
  scopeFields,
  sellerScope,
  unmappedHeaders,
  UPLOAD_FIELDS,
  type FtpForm,
  type Mapping,
} from './inventory.rules'

describe('the upload fields', () => {
  it('are the stock service’s, in its order', () => {
    expect([...UPLOAD_FIELDS]).toEqual([...SERVICE_FIELDS])
  })

  it('each have a name on screen and a line in the instructions', () => {
    for (const f of UPLOAD_FIELDS) expect(en.field[f], f).toBeTruthy()
    expect(FIELD_GUIDE.map((g) => g.field).sort()).toEqual([...UPLOAD_FIELDS].sort())
  })

  it('are recognised by the stock service under every column name the instructions give', () => {
    for (const g of FIELD_GUIDE)
      for (const alias of g.aliases) expect(matchHeaders([alias])[alias], `${g.field}: ${alias}`).toBe(g.field)
  })
})

describe('the mapping', () => {
  const mapping: Mapping = { 'Stock #': 'stoneId', Weight: 'carat', Colour: 'color', 'My notes': null, Extra: null }

  it('lists the headers not mapped, in the file’s order', () => {
    expect(unmappedHeaders(mapping)).toEqual(['My notes', 'Extra'])
  })

  it('names the required fields no header fills', () => {
    expect(missingRequired(mapping)).toEqual(['shape', 'clarity', 'lab', 'treatment'])
  })

  it('maps one header without touching the others, and finds a field mapped twice', () => {
    const next = mapHeader(mapping, 'My notes', 'comments')
    expect(next['My notes']).toBe('comments')
    expect(next.Weight).toBe('carat')
    expect(mapping['My notes']).toBeNull()
    expect(duplicateFields(mapHeader(next, 'Extra', 'carat'))).toEqual(['carat'])
    expect(duplicateFields(next)).toEqual([])
  })
})

describe('reason codes', () => {
  it('name the field for field reasons', () => {
    expect(reasonKey('required.carat')).toEqual({ key: 'inventory.reason.required', field: 'carat' })
    expect(reasonKey('invalid.color')).toEqual({ key: 'inventory.reason.invalid', field: 'color' })
    expect(reasonKey('range.depPer')).toEqual({ key: 'inventory.reason.range', field: 'depPer' })
    expect(reasonKey('duplicate.stoneId')).toEqual({ key: 'inventory.reason.duplicate', field: 'stoneId' })
  })

  it('have a text for every listing rule and the flag', () => {
    for (const code of [
      'rule.labGrown',
      'rule.greenTint',
      'rule.bannedOrigin',
      'rule.treatmentUndeclared',
      'rule.falseTreatment',
      'flag.certListedElsewhere',
    ]) {
      const { key } = reasonKey(code)
      const path = key.replace(/^inventory\./, '').split('.')
      const text = path.reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], en)
      expect(typeof text, code).toBe('string')
    }
  })

  it('fall back to a generic text for a code the screen does not know', () => {
    expect(reasonKey('required.colour')).toEqual({ key: 'inventory.reason.unknown' })
    expect(reasonKey('rule.__proto__')).toEqual({ key: 'inventory.reason.unknown' })
    expect(reasonKey('nonsense')).toEqual({ key: 'inventory.reason.unknown' })
  })
})

describe('files', () => {
  it('accepts Excel, CSV and text, whatever the case of the extension', () => {
    for (const name of ['stock.xlsx', 'STOCK.XLS', 'a.b.csv', 'feed.txt'])
      expect(inventoryFileProblem({ name, size: 10 }), name).toBeNull()
  })

  it('refuses other types and empty files', () => {
    expect(inventoryFileProblem({ name: 'stock.pdf', size: 10 })).toBe('type')
    expect(inventoryFileProblem({ name: 'csv', size: 10 })).toBe('type')
    expect(inventoryFileProblem({ name: 'stock.csv', size: 0 })).toBe('empty')
  })

  it('takes photos, videos, certificates and zips as media', () => {
    expect(isMediaFile({ name: '123.JPG', size: 5 })).toBe(true)
    expect(isMediaFile({ name: 'all.zip', size: 5 })).toBe(true)
    expect(isMediaFile({ name: '123.gif', size: 5 })).toBe(false)
    expect(isMediaFile({ name: '123.pdf', size: 0 })).toBe(false)
  })
})

describe('figures', () => {
  it('gives the price change in percent against the current price', () => {
    expect(priceChangePct(1000, 1025)).toBe(2.5)
    expect(priceChangePct(1000, 960)).toBe(-4)
    expect(priceChangePct(0, 960)).toBeNull()
    expect(priceChangePct(null, 960)).toBeNull()
  })

  it('shows the sign of a change always', () => {
    expect(fmtPct(2.5)).toBe('+2.5 %')
    expect(fmtPct(-4)).toBe('\u22124.0 %')
    expect(fmtPct(0)).toBe('0.0 %')
  })

  it('says a duration in the unit that reads best', () => {
    expect(fmtDuration(850)).toBe('850 ms')
    expect(fmtDuration(12_400)).toBe('12.4 s')
    expect(fmtDuration(185_000)).toBe('3 min 05 s')
  })

  it('asks before a commit only when Replace all deletes stones', () => {
    expect(commitNeedsConfirm('replaceAll', 3)).toBe(true)
    expect(commitNeedsConfirm('replaceAll', 0)).toBe(false)
    expect(commitNeedsConfirm('addUpdate', 3)).toBe(false)
  })
})

describe('the FTP request', () => {
  const ok: FtpForm = {
    host: 'ftp.example.com',
    port: '21',
    user: 'shah',
    password: '',
    folder: '/stock',
    pattern: '*.csv',
    secure: true,
    schedule: 'daily',
  }

  it('accepts a host, a port and a user', () => {
    expect(ftpProblems(ok)).toEqual({})
  })

  it('names each field that is missing or wrong', () => {
    expect(ftpProblems({ ...ok, host: ' ', port: '', user: '' })).toEqual({
      host: 'required',
      port: 'required',
      user: 'required',
    })
    expect(ftpProblems({ ...ok, host: 'ftp://x', port: '70000' })).toEqual({ host: 'invalid', port: 'invalid' })
    expect(ftpProblems({ ...ok, port: '0' })).toEqual({ port: 'invalid' })
    expect(ftpProblems({ ...ok, port: '2.5' })).toEqual({ port: 'invalid' })
  })
})

describe('sellerScope', () => {
  it('names nobody for a seller: the server takes the token company, also if something was chosen', () => {
    expect(sellerScope(false, null)).toEqual({})
    expect(sellerScope(false, 'c1')).toEqual({})
  })
  it('names the chosen seller for staff, and nothing to call until they choose', () => {
    expect(sellerScope(true, null)).toBeNull()
    expect(sellerScope(true, '')).toBeNull()
    expect(sellerScope(true, 'c1')).toEqual({ sellerCompanyId: 'c1' })
  })
  it('puts the choice in the multipart fields only when there is one', () => {
    expect(scopeFields({ sellerCompanyId: 'c1' })).toEqual([['sellerCompanyId', 'c1']])
    expect(scopeFields({})).toEqual([])
    expect(scopeFields(null)).toEqual([])
  })
})
