// docs/spec.md §2 "Create and Edit", the upload section: the cover with its thumbnail, the music and the chart file.
// Each file is checked when it is picked (docs/spec.md §5): at most 20 MB (file_too_large, inline and as the
// catalogue message), a cover the server can read by its name and first bytes (PNG, JPEG or WebP), an mp3 by
// its name and first bytes, and a SUS that converts (its level data is made here, gzipped at level 9).
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Card, Flex, Form } from 'antd'
import { PictureOutlined } from '@ant-design/icons'
import { type RawChart } from '../../../common/api/levels'
import { ChartError, convertSus } from '../../../common/chart'
import { useAppDispatch, useBases } from '../../app/hooks'
import { type MessageId } from '../../messageIds'
import { showError } from '../../app/messages/messagesSlice'
import { type ChartFormRules, type ChartFormValues, type FileField, type PickedChart } from './chartForm'
import { FilePicker, type Picked } from './FilePicker'
import { useObjectUrl } from './useObjectUrl'
import { hasImageBytes, isImageFile, isMp3File, isSusName, isTooLarge } from './validation'

const COVER_ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp'
const MUSIC_ACCEPT = '.mp3,audio/mpeg'
const CHART_ACCEPT = '.sus'

export type UploadCardProps = {
  /** The chart being edited. */
  chart?: RawChart
  busy: boolean
  rules: ChartFormRules
}

export const UploadCard = ({ chart, busy, rules }: UploadCardProps) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const bases = useBases()
  const form = Form.useFormInstance<ChartFormValues>()
  const cover = Form.useWatch('cover', form)
  const sus = Form.useWatch('chart', form)
  const coverUrl = useObjectUrl(cover?.file)

  /** docs/spec.md §5: at most 20 MB, else file_too_large (inline and as the catalogue message). */
  const tooLarge = (file: File): { error: string } | undefined => {
    if (!isTooLarge(file)) return undefined
    dispatch(showError('error.file_too_large'))
    return { error: intl.formatMessage({ id: 'error.file_too_large' }) }
  }

  /** A cover or music file that passes its check, else why not. */
  const checked =
    (passes: (file: File) => boolean | Promise<boolean>, messageId: MessageId) =>
    async (file: File): Promise<Picked> =>
      tooLarge(file) ?? ((await passes(file)) ? { file } : { error: intl.formatMessage({ id: messageId }) })

  /** A cover named as an image whose bytes are not one says so, rather than fail at upload. */
  const checkCover = async (file: File): Promise<Picked> => {
    const large = tooLarge(file)
    if (large) return large
    if (!isImageFile(file)) return { error: intl.formatMessage({ id: 'create.cover_not_image' }) }
    if (!(await hasImageBytes(file)))
      return { error: intl.formatMessage({ id: 'create.cover_bytes_not_image' }) }
    return { file }
  }

  const checkChart = async (file: File): Promise<PickedChart> => {
    const large = tooLarge(file)
    if (large) return large
    if (!isSusName(file.name)) return { error: intl.formatMessage({ id: 'create.chart_not_sus' }) }
    try {
      // docs/spec.md §5: converted (and gzipped at level 9) here; a failure shows 'Error' plus the message.
      const conversion = convertSus(await file.text())
      return { file, data: conversion.gzipped, warnings: conversion.warnings.length }
    } catch (error) {
      const message =
        error instanceof ChartError && error.line > 0
          ? intl.formatMessage(
              { id: 'create.sus_error_at' },
              { line: error.line, column: error.column, message: error.detail },
            )
          : (error as Error).message
      return { error: `${intl.formatMessage({ id: 'preview.error' })}: ${message}` }
    }
  }

  /** One of the three file pickers, in its form item. */
  const fileItem = <V extends Picked>(
    name: FileField,
    accept: string,
    existing: boolean,
    check: (file: File) => Promise<V>,
    hintId?: MessageId,
  ) => (
    <Form.Item
      name={name}
      label={<FormattedMessage id={`create.${name}`} />}
      htmlFor={`create-${name}`}
      rules={rules[name]}
      extra={hintId ? <FormattedMessage id={hintId} /> : undefined}
    >
      <FilePicker<V>
        id={`create-${name}`}
        label={intl.formatMessage({ id: `create.${name}` })}
        accept={accept}
        existing={existing}
        disabled={busy}
        check={check}
      />
    </Form.Item>
  )

  const shownCover = coverUrl ?? (chart ? `${bases.data}${chart.coverHash}` : undefined)
  return (
    <Card title={<FormattedMessage id="create.section_upload" />}>
      <Flex gap={24} wrap>
        <div className="create-cover-thumb">
          {shownCover ? (
            <img src={shownCover} alt={intl.formatMessage({ id: 'create.cover_preview' })} />
          ) : (
            <PictureOutlined aria-hidden />
          )}
        </div>
        <Flex vertical style={{ flex: 1, minWidth: 280 }}>
          {fileItem('cover', COVER_ACCEPT, !!chart, checkCover, 'create.cover_hint')}
          {/* docs/spec.md §5: mp3 only, by its name and by its first bytes. */}
          {fileItem('music', MUSIC_ACCEPT, !!chart?.musicHash, checked(isMp3File, 'create.music_not_mp3'))}
          {fileItem('chart', CHART_ACCEPT, !!chart?.susHash, checkChart, 'create.chart_hint')}
          {sus?.file && sus.warnings > 0 && (
            <Alert
              type="warning"
              showIcon
              message={intl.formatMessage({ id: 'preview.warnings' }, { count: sus.warnings })}
            />
          )}
        </Flex>
      </Flex>
    </Card>
  )
}
