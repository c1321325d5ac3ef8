// Runs the migrations at start-up. They live in code (not a folder scan) so the list is explicit
// and works the same under tsx, bundlers and tests.
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely'
import * as m0001 from './migrations/0001_initial.js'
import * as m0002 from './migrations/0002_login_attempts.js'
import * as m0003 from './migrations/0003_catalogue.js'
import * as m0004 from './migrations/0004_order_indexes.js'
import * as m0005 from './migrations/0005_community.js'
import * as m0006 from './migrations/0006_leaderboards.js'
import * as m0007 from './migrations/0007_uploads.js'
import * as m0008 from './migrations/0008_hardening.js'
import * as m0009 from './migrations/0009_rate_counters.js'
import * as m0010 from './migrations/0010_moderation.js'
import * as m0011 from './migrations/0011_sus_download.js'
import * as m0012 from './migrations/0012_people_and_news.js'
import * as m0013 from './migrations/0013_chart_stats.js'
import * as m0014 from './migrations/0014_follows.js'
import * as m0015 from './migrations/0015_scheduled.js'
import * as m0016 from './migrations/0016_notifications_age.js'
import * as m0017 from './migrations/0017_versions.js'
import * as m0018 from './migrations/0018_playlists.js'
import * as m0019 from './migrations/0019_replay_files.js'
import * as m0020 from './migrations/0020_login_codes.js'
import * as m0021 from './migrations/0021_author_order.js'
import * as m0022 from './migrations/0022_version_changes.js'
import * as m0023 from './migrations/0023_comment_moments.js'
import * as m0024 from './migrations/0024_song_sets.js'
import * as m0025 from './migrations/0025_coauthors.js'
import * as m0026 from './migrations/0026_test_links.js'
import { type Database } from './schema.js'

const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_login_attempts': m0002,
  '0003_catalogue': m0003,
  '0004_order_indexes': m0004,
  '0005_community': m0005,
  '0006_leaderboards': m0006,
  '0007_uploads': m0007,
  '0008_hardening': m0008,
  '0009_rate_counters': m0009,
  '0010_moderation': m0010,
  '0011_sus_download': m0011,
  '0012_people_and_news': m0012,
  '0013_chart_stats': m0013,
  '0014_follows': m0014,
  '0015_scheduled': m0015,
  '0016_notifications_age': m0016,
  '0017_versions': m0017,
  '0018_playlists': m0018,
  '0019_replay_files': m0019,
  '0020_login_codes': m0020,
  '0021_author_order': m0021,
  '0022_version_changes': m0022,
  '0023_comment_moments': m0023,
  '0024_song_sets': m0024,
  '0025_coauthors': m0025,
  '0026_test_links': m0026,
}

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations
  }
}

export class MigrationError extends Error {
  constructor(
    readonly migration: string | undefined,
    cause: unknown,
  ) {
    super(
      `migration ${migration ?? '(unknown)'} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    )
    this.name = 'MigrationError'
  }
}

/** On PostgreSQL, pass the schema in use: Kysely otherwise looks for its migration table in every
 *  schema it can see, and one in another schema (another app, another test) would hide ours. */
export const migrateToLatest = async (
  db: Kysely<Database>,
  migrationTableSchema?: string,
): Promise<string[]> => {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), migrationTableSchema })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((result) => result.status === 'Error')
  if (error) throw new MigrationError(failed?.migrationName, error)
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
}
