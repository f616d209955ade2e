// k6: signing in as a new browser does, shared by the scenarios.
import http from 'k6/http'
import { sleep } from 'k6'

export const json = { headers: { 'content-type': 'application/json' } }
/**
 * Signs a demo user in as a new browser does: the login answers an untrusted token and mails a code
 * (the development mailbox of the demo portal), the code is verified, a trusted token comes back.
 */
export function signIn(BASE, username) {
  const email = `${username}@demo.diamond-portal.test`
  const newest = () => http.get(`${BASE}/web/v1/dev/mailbox?to=${email}&limit=1`).json('data.list.0')
  const before = newest()
  const login = http.post(`${BASE}/web/v1/auth/login`, JSON.stringify({ username, password: 'Diamond@2026' }), json)
  if (login.json('code') !== 'OK') throw new Error(`login ${username}: ${login.body}`)
  if (login.json('data.isTrusted')) return login.json('data.token.jwt')
  for (let i = 0; i < 200; i++) {
    // The code of this login: a mail newer than the one there before it.
    const mail = newest()
    const code =
      mail && mail.id !== (before && before.id) && mail.template === 'device-otp' ? /\b(\d{6})\b/.exec(mail.text) : null
    if (code) {
      const headers = { ...json.headers, authorization: `JWT ${login.json('data.token.jwt')}` }
      const verified = http.post(`${BASE}/web/v1/verifyfingerprint`, JSON.stringify({ otp: code[1], trust: 'once' }), {
        headers,
      })
      if (verified.json('code') !== 'OK') throw new Error(`verifyfingerprint ${username}: ${verified.body}`)
      return verified.json('data.token.jwt')
    }
    sleep(0.05)
  }
  throw new Error(`no sign-in code arrived for ${username}`)
}
