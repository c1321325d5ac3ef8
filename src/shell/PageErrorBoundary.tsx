// A page that cannot be drawn says so and offers a reload, instead of leaving the whole window blank. The
// common cause is a page's code that no longer loads: the site was updated since this tab opened (the old
// files are gone) or the connection dropped. The app bar and the menu stay, and going to another page
// tries again.
import { Component, type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { Button, Result } from 'antd'
import { browser } from '../app/browser'

/** `page` names the page shown (its path): when it changes, a failed page tries again. */
type Props = { page: string; children: ReactNode }
type State = { failed: boolean }

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.page !== this.props.page) this.setState({ failed: false })
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <Result
        status="warning"
        title={<FormattedMessage id="app.page_failed" />}
        subTitle={<FormattedMessage id="app.page_failed_hint" />}
        extra={
          <Button type="primary" onClick={() => browser.reloadPage()}>
            <FormattedMessage id="app.reload" />
          </Button>
        }
      />
    )
  }
}
