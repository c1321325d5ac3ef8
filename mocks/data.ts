// Sample responses in our wire types, shared by the msw handlers and the client tests' assertions.
import { type ServerInfo } from '@sonolus/core'
import { type ServerInfoResponse } from '../common/api/serverInfo'
import { type UserLoginResponse, type UserMineResponse } from '../common/api/user'

export const sampleSiteInfo: ServerInfo = {
  title: 'Sirius Charts',
  description: 'Community charts for the Sirius engine.',
  buttons: [],
  configuration: { options: [] },
}

export const sampleServerInfo: ServerInfoResponse = {
  code: 200,
  git: {
    owner: 'sirius-charts',
    repo: 'site',
    branch: 'main',
    commit: '0123456789abcdef0123456789abcdef01234567',
    commit_message: 'Add the walking skeleton',
  },
  drive: { used: 1024, total: 1024 * 1024 },
  engine: { name: 'sirius', installed: true, message: 'Engine "sirius" is installed.' },
}

export const sampleLogin: UserLoginResponse = {
  code: 200,
  sessionId: 'mock-session-secret-0123456789abcdefghijklmnop',
  url: 'https://open.sonolus.com/external-login/localhost:8080/sonolus/web/authenticate/0123456789abcdef0123456789abcdef01234567',
}

export const sampleUser: UserMineResponse = { code: 200, id: 'user-1', handle: '123456', name: 'Player One' }
