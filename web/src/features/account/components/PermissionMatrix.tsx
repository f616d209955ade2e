import { MODULES, type UserPermissions } from '@diamond/contracts/permissions.values'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { isOperator, session } from '../../../lib/session'
import { ACTIONS, holds, setRight } from '../stores/permissions.rules'
import './account.css'

interface Props {
  value: UserPermissions
  /** The admin's own rights: a right the admin lacks cannot be granted and is shown disabled. */
  holder: UserPermissions
  disabled?: boolean
  onChange: (next: UserPermissions) => void
}

/** Rights per module: view, insert and all (spec section 6). */
export function PermissionMatrix({ value, holder, disabled, onChange }: Props) {
  const { t } = useTranslation()
  const { user } = useSnapshot(session)
  // Reviewing registrations is work for the operator company's staff only: elsewhere the row would mean nothing.
  const modules = MODULES.filter((m) => m !== 'registrations' || isOperator(user))
  return (
    <div className="perm-matrix-wrap">
      <table className="perm-matrix" data-testid="permission-matrix">
        <thead>
          <tr>
            <th scope="col">{t('account.users.module')}</th>
            {ACTIONS.map((a) => (
              <th key={a} scope="col">
                {t(`account.users.actions.${a}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {modules.map((m) => (
            <tr key={m}>
              <th scope="row">{t(`account.modules.${m}`)}</th>
              {ACTIONS.map((a) => {
                const lacks = !holds(holder, m, a)
                return (
                  <td key={a}>
                    <input
                      type="checkbox"
                      data-testid={`perm-${m}-${a}`}
                      aria-label={`${t(`account.modules.${m}`)}: ${t(`account.users.actions.${a}`)}`}
                      title={lacks ? t('account.users.lacking') : undefined}
                      checked={!!value[m]?.[a]}
                      disabled={disabled || lacks}
                      onChange={(e) => onChange(setRight(value, m, a, e.target.checked))}
                    />
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
