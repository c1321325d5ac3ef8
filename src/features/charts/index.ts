// What other features use of the chart lists: the chart card and its grid (chart info's "other charts"),
// and the address of a filtered list (a tag's link).
export { ChartCard, ChartGrid } from './ChartCard'
export { chartListPath } from './filters'
