import type { ManagedUser, UserPage } from '@diamond/contracts/http/account'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError, Loading } from '../../../components/LoadState'
import { useSnapshot } from 'valtio'
import { EmptyState } from '../../../components/EmptyState'
import { ListPager } from '../../../components/ListPager'
import type { ApiError, ApiResult } from '../../../lib/api'
import { isCompanyAdmin, session } from '../../../lib/session'
import { listUsers } from '../api/account'
import { Section } from './Section'
import { UserForm } from './UserForm'

const PAGE_SIZE = 50
const APPROVAL = ['', 'pending', 'approved', 'rejected', 'expired'] as const

/** User management for company admins: the company's users, add one, change one. */
export function UsersPage({ embedded }: { embedded?: boolean }) {
  const { t } = useTranslation()
  const { user } = useSnapshot(session)
  const admin = isCompanyAdmin(user)
  const [page, setPage] = useState(1)
  const [result, setResult] = useState<UserPage | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  /** 'new', a user being changed, or null. */
  const [editing, setEditing] = useState<'new' | ManagedUser | null>(null)

  function show({ data, error }: ApiResult<UserPage>) {
    setError(error)
    if (data) setResult(data)
  }
  const load = () => listUsers({ page, limit: PAGE_SIZE }).then(show)
  // The page's users, read again when the page changes; the answer is taken in a callback.
  useEffect(() => {
    if (admin) void listUsers({ page, limit: PAGE_SIZE }).then(show)
  }, [admin, page])

  const add = admin ? (
    <button
      type="button"
      className="btn btn--primary btn--small"
      data-testid="user-add"
      disabled={editing !== null}
      onClick={() => setEditing('new')}
    >
      {t('account.users.add')}
    </button>
  ) : undefined

  if (!admin) {
    return (
      <Section embedded={embedded} title={t('account.sections.users')} testId="users">
        <p className="acct-note" data-testid="users-not-admin">
          {t('account.users.adminsOnly')}
        </p>
      </Section>
    )
  }

  const pages = result ? Math.max(1, Math.ceil(result.count / PAGE_SIZE)) : 1
  return (
    <Section embedded={embedded} title={t('account.sections.users')} testId="users" actions={add}>
      {editing && (
        <UserForm
          key={editing === 'new' ? 'new' : editing.id}
          user={editing === 'new' ? null : editing}
          onDone={async (saved) => {
            setEditing(null)
            if (saved) await load()
          }}
        />
      )}
      {error && !result && <LoadError error={error} retry={() => void load()} />}
      {!result && !error && <Loading />}
      {result?.list.length === 0 && <EmptyState />}
      {result && result.list.length > 0 && (
        <div className="acct-table-wrap">
          <table className="acct-table" data-testid="user-list">
            <thead>
              <tr>
                <th scope="col">{t('account.users.name')}</th>
                <th scope="col">{t('account.fields.username')}</th>
                <th scope="col">{t('account.fields.email')}</th>
                <th scope="col">{t('account.users.userType')}</th>
                <th scope="col">{t('account.users.approval')}</th>
                <th scope="col">{t('account.users.active')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('account.edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.list.map((u) => (
                <tr key={u.id} data-testid={`user-row-${u.username}`}>
                  <td dir="auto">{[u.firstName, u.lastName].filter(Boolean).join(' ')}</td>
                  <td dir="auto">{u.username}</td>
                  <td dir="ltr">{u.email}</td>
                  <td>{t(`account.users.types.${u.userType}`, { defaultValue: u.userType })}</td>
                  <td>
                    {APPROVAL[u.approvalStatus]
                      ? t(`account.users.approvalStatus.${APPROVAL[u.approvalStatus]}`)
                      : u.approvalStatus}
                  </td>
                  <td>
                    <span className={`acct-badge${u.active ? ' acct-badge--ok' : ''}`}>
                      {u.active ? t('account.users.isActive') : t('account.users.inactive')}
                    </span>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--small"
                      data-testid={`user-edit-${u.username}`}
                      disabled={editing !== null}
                      onClick={() => setEditing(u)}
                    >
                      {t('account.edit')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPager page={page} pages={pages} onPage={setPage} />
    </Section>
  )
}
