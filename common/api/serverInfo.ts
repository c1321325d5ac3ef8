// Wire type of our web extension GET /sonolus/server/info (docs/spec.md §3 "Server info", docs/protocol.md §15).

export type GitInfo = {
  owner: string
  repo: string
  branch: string
  commit: string
  commit_message: string
}

export type DriveInfo = {
  /** Bytes held by the blob store. */
  used: number
  /** Capacity of the blob store's volume, or the configured S3 quota; 0 when unknown. */
  total: number
}

export type EngineInfo = {
  /** The engine levels use (ENGINE_NAME). */
  name: string
  installed: boolean
  /** Plain words for the home page: what is missing and how to fix it. */
  message: string
}

export type ServerInfoResponse = {
  code: 200
  git: GitInfo
  drive: DriveInfo
  engine: EngineInfo
}
