// The player as other pages place it: its chunk loads when it is first shown, and a player that fails to
// render says so while the page around it goes on.
import { Component, type ReactNode, Suspense, lazy } from 'react'
import { FormattedMessage } from 'react-intl'
import { Alert, Skeleton } from 'antd'
import type { WatchPlayerProps } from './WatchPlayer'

const Player = lazy(() => import('./WatchPlayer'))

class Contained extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? (
      <Alert type="error" showIcon message={<FormattedMessage id="watch.engine_refused" />} />
    ) : (
      this.props.children
    )
  }
}

export const LazyWatchPlayer = (props: WatchPlayerProps) => (
  <Contained>
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', aspectRatio: '16 / 9' }} />}>
      <Player {...props} />
    </Suspense>
  </Contained>
)
