import { Type, type Static } from 'typebox'
import { UserPermissions } from '../permissions'

export const LoginRequest = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
    captcha: Type.Optional(Type.String({ maxLength: 10 })),
    masters: Type.Optional(Type.Array(Type.String({ maxLength: 50 }), { maxItems: 50 })),
  },
  { additionalProperties: false },
)
export type LoginRequest = Static<typeof LoginRequest>

export const SessionUser = Type.Object({
  id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  companyName: Type.String(),
  userType: Type.String(),
  setting: Type.Object({ Is_PlaceOrder: Type.Boolean(), Is_NoPrice: Type.Boolean() }),
})
export type SessionUser = Static<typeof SessionUser>

export const LoginData = Type.Object({
  user: SessionUser,
  userPermissions: UserPermissions,
  masters: Type.Record(Type.String(), Type.Array(Type.String())),
  columns: Type.Array(Type.String()),
  keywords: Type.Array(Type.String()),
  token: Type.Object({ jwt: Type.String() }),
  isTrusted: Type.Boolean(),
})
export type LoginData = Static<typeof LoginData>
