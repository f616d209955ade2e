import { runStandalone } from '@diamond/runtime'
import authService from './app'
import { loadAuthConfig } from './config'

const auth = loadAuthConfig()
await runStandalone('auth', authService, { port: auth.AUTH_PORT, auth })
