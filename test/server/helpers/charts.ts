// A chart row for repository and API tests: chart n has id and cover hash derived from n.
import { type NewChart } from '../../../server/db/repositories'

export const hex = (n: number, length: number) => n.toString(16).padStart(length, '0')

export const newChart = (n: number, overrides: Partial<NewChart> = {}): NewChart => ({
  id: hex(n, 32),
  authorId: 'alice',
  author: 'Alice#1001',
  title: `Chart ${n}`,
  artists: 'Band',
  composer: 'Writer',
  description: '',
  level: 10,
  isOliver: 0,
  isPublic: 1,
  tags: '[]',
  coverHash: hex(n, 40),
  backgroundHash: null,
  musicHash: null,
  previewHash: null,
  susHash: null,
  dataHash: null,
  publishTime: 1_700_000_000_000 + n * 1000,
  updatedTime: 1_700_000_000_000 + n * 1000,
  ...overrides,
})
