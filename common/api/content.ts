// docs/spec.md §2 "Docs" and §7: the document types under {docsUrl}/{locale}/{type}.md, and the master-data files.
// 'rules' (the upload rules) and 'takedown' (how rights holders ask for removal) came with moderation
// (their names are RULES_DOC and TAKEDOWN_DOC in ./moderation.ts).
export const DOC_TYPES = ['sonolus', 'login', 'chart', 'error', 'rules', 'takedown'] as const
export type DocType = (typeof DOC_TYPES)[number]

export const MASTER_DATA_FILES = ['splitLine.html', 'splitLine.json'] as const

/** splitLine.json: colour id → ordered sprite names (docs/chart-format.md §16). */
export type SplitLineTable = Record<string, string[]>
