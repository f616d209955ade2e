import { Type } from 'typebox'
import { Envelope } from '@diamond/contracts/common'
import {
  CabinSave,
  HolidayDelete,
  HolidaySave,
  OfficeSave,
  OfficeSettings,
  OfficeSettingsList,
  SalesPersonSave,
} from '@diamond/contracts/http/appointments-settings'
import { defineRoutes, ok } from '@diamond/runtime'
import type { SettingsService } from './settings.service'

const tags = ['appointments']
const NoFields = Type.Object({}, { additionalProperties: false })
const ALL = { permission: ['office', 'all'] as ['office', 'all'], member: true }

/** Office settings for staff: the office module's `all` for every call. */
export default defineRoutes(function settingsRoutes(app, { settings }: { settings: SettingsService }) {
  app.post(
    '/appointments/office/list',
    {
      config: ALL,
      schema: {
        tags,
        summary: 'Every office with its hours, holidays, cabins and sales persons (staff)',
        body: NoFields,
        response: { 200: Envelope(OfficeSettingsList) },
      },
    },
    async () => ok(await settings.list()),
  )

  app.post(
    '/appointments/office/save',
    {
      config: { ...ALL, errors: ['E_STILL_BOOKED'] },
      schema: {
        tags,
        summary: 'Add an office, or change its name, zone, slot length, hours, divisions, order or activity',
        body: OfficeSave,
        response: { 200: Envelope(OfficeSettings) },
      },
    },
    async (req) => ok(await settings.saveOffice(req.body), 'Office saved'),
  )

  app.post(
    '/appointments/holiday/save',
    {
      config: ALL,
      schema: {
        tags,
        summary: "Add a holiday to an office (or rename the day's)",
        body: HolidaySave,
        response: { 200: Envelope(OfficeSettings) },
      },
    },
    async (req) => ok(await settings.saveHoliday(req.body), 'Holiday saved'),
  )

  app.post(
    '/appointments/holiday/delete',
    {
      config: ALL,
      schema: {
        tags,
        summary: "Remove an office's holiday",
        body: HolidayDelete,
        response: { 200: Envelope(OfficeSettings) },
      },
    },
    async (req) => ok(await settings.deleteHoliday(req.body), 'Holiday removed'),
  )

  app.post(
    '/appointments/cabin/save',
    {
      config: { ...ALL, errors: ['E_STILL_BOOKED'] },
      schema: {
        tags,
        summary: 'Add a cabin, rename it, or deactivate it (not while appointments to come use it)',
        body: CabinSave,
        response: { 200: Envelope(OfficeSettings) },
      },
    },
    async (req) => ok(await settings.saveCabin(req.body), 'Cabin saved'),
  )

  app.post(
    '/appointments/sales-person/save',
    {
      config: { ...ALL, errors: ['E_STILL_BOOKED'] },
      schema: {
        tags,
        summary: 'Add a sales person or change their office, divisions, hours or activity',
        body: SalesPersonSave,
        response: { 200: Envelope(OfficeSettings) },
      },
    },
    async (req) => ok(await settings.saveSalesPerson(req.body), 'Sales person saved'),
  )
})
