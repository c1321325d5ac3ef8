// Typed chart errors and warnings. Every one names its place (line:column) and has a stable code
// (docs/chart-format.md §14: "Errors name the place").

export type ChartIssue = {
  code: string
  message: string
  /** 1-based; 0 when the issue concerns the whole input. */
  line: number
  /** 1-based; 0 when the issue concerns a whole line. */
  column: number
}

export class ChartError extends Error implements ChartIssue {
  constructor(
    readonly code: string,
    message: string,
    readonly line = 0,
    readonly column = 0,
  ) {
    super(line > 0 ? `${line}:${column}: ${message}` : message)
    this.name = 'ChartError'
  }

  /** The message without its position prefix. */
  get detail(): string {
    return this.line > 0 ? this.message.slice(`${this.line}:${this.column}: `.length) : this.message
  }
}

export type ChartWarning = ChartIssue

export const warning = (code: string, message: string, line = 0, column = 0): ChartWarning => ({
  code,
  message,
  line,
  column,
})
