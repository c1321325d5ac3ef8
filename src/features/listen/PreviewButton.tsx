// The play / pause button of a chart's 15 s preview clip, on its card and on chart info.
import { useIntl } from 'react-intl'
import { Button } from 'antd'
import { PauseCircleFilled, PlayCircleFilled } from '@ant-design/icons'
import { togglePreview, usePreviewPlaying } from './previewPlayer'

export const PreviewButton = ({
  id,
  url,
  title,
  className,
}: {
  id: string
  url: string
  title: string
  className?: string
}) => {
  const intl = useIntl()
  const playing = usePreviewPlaying(id)
  return (
    <Button
      className={className}
      shape="circle"
      type={playing ? 'primary' : 'default'}
      icon={playing ? <PauseCircleFilled /> : <PlayCircleFilled />}
      aria-pressed={playing}
      aria-label={intl.formatMessage({ id: playing ? 'listen.pause' : 'listen.play' }, { title })}
      data-testid="preview-button"
      onClick={(event) => {
        // On a card the button sits beside the link: a click plays, it does not open the chart.
        event.preventDefault()
        event.stopPropagation()
        togglePreview(id, url)
      }}
    />
  )
}
