// What other features use of the chart lists: the chart card and its grid (chart info's "other charts").
export { ChartCard, ChartGrid } from './ChartCard'
