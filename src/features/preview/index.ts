// The chart player, which chart info shows under the chart as the preview tool does.
export { ChartPlayer, type PreviewFocus, type PreviewMark } from './ChartPlayer'
