import type { Database } from '@diamond/runtime/db'
import * as repo from './banners.repository'
import { DEMO_BANNERS } from './banners.demo'

export class BannerService {
  constructor(private readonly database: Database) {}

  page(filter: repo.BannerFilter, page: number, limit: number) {
    return repo.pageActive(this.database.sql, filter, page, limit)
  }

  /** Demo mode: the demo banners go into an empty table only, so banners someone changed stay as they are. */
  seedDemo(): Promise<number> {
    return repo.insertIfEmpty(this.database.sql, DEMO_BANNERS)
  }
}
