import type { Comment, CommentByUser, CommentPage, CommentUpsert } from '@diamond/contracts/http/tracks'
import { AppError, type Database, type Principal } from '@diamond/runtime'
import { invalidFields } from '@diamond/runtime/errors'
import * as repo from './comments.repository'

const toComment = (r: repo.CommentRecord): Comment => ({
  id: r.id,
  stoneId: r.stoneId,
  vStnId: r.vStnId,
  comment: r.remarks,
  updatedAt: r.updatedAt.toISOString(),
})

/** A user's notes on stones (`diamond-comment/*`): one note per stone, replaced by the next. */
export class CommentService {
  constructor(private readonly database: Database) {}

  async upsert(who: Principal, req: CommentUpsert): Promise<Comment> {
    const text = req.comment.trim()
    if (!text) throw invalidFields([{ field: 'comment', in: 'body', message: 'must not be empty' }])
    const row = await repo.upsertComment(this.database.sql, who.id, who.username, req.stoneId, text)
    if (!row) throw invalidFields([{ field: 'stoneId', in: 'body', message: `unknown stone: ${req.stoneId}` }])
    return toComment(row)
  }

  async byUser(who: Principal, req: CommentByUser): Promise<CommentPage> {
    const page = req.page ?? 1
    const limit = req.limit ?? 250
    const { rows, count } = await repo.commentsOf(this.database.sql, who.id, req.stoneIds, limit, (page - 1) * limit)
    return { list: rows.map(toComment), count }
  }

  async remove(who: Principal, id: string): Promise<void> {
    if (!(await repo.deleteComment(this.database.sql, who.id, id))) throw new AppError('E_NOT_FOUND')
  }
}
