import { Envelope } from '@diamond/contracts/common'
import { UserSetting, UserSettingList, UserSettingPage, UserSettingUpsert } from '@diamond/contracts/http/user-settings'
import { defineRoutes, ok, principal } from '@diamond/runtime'
import type { SettingsService } from './settings.service'

const tags = ['account']

export default defineRoutes(function settingsRoutes(app, { settings }: { settings: SettingsService }) {
  app.post(
    '/user-setting/paginate',
    {
      config: { member: true },
      schema: {
        tags,
        summary: 'My settings (preferences, diamond sequence, match pair tolerances), defaults for those never saved.',
        body: UserSettingList,
        response: { 200: Envelope(UserSettingPage) },
      },
    },
    async (req) => {
      const { keys, page = 1, limit = 50 } = req.body
      return ok(await settings.list(principal(req), keys, page, limit))
    },
  )
  app.post(
    '/user-setting/upsert',
    {
      config: { member: true },
      schema: {
        tags,
        summary: "Save one of my settings; the value must have its key's shape (each wrong field named).",
        body: UserSettingUpsert,
        response: { 200: Envelope(UserSetting) },
      },
    },
    async (req) => ok(await settings.upsert(principal(req), req.body.key, req.body.value), 'Settings updated'),
  )
})
