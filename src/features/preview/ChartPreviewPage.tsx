// docs/spec.md §2 "Chart preview (tool page)": load a SUS file, a text file or level data; tabs for the SUS
// source, the intermediate TXT and the level data; the player below.
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Button, Card, Flex, Tabs, Typography } from 'antd'
import { FileTextOutlined, FileZipOutlined, UploadOutlined } from '@ant-design/icons'
import { ChartError, convertSus, convertTxt, readLevelData } from '../../../common/chart'
import { type MessageId } from '../../messageIds'
import { Scaffold } from '../../components/Scaffold'
import { warmChartReader } from '../../api/chartData'
import { ChartPlayer } from './ChartPlayer'

type Loaded = { sus: string; txt: string; data: string; url: string; warnings: string[] }
type Kind = 'sus' | 'txt' | 'data'

const MAX_PREVIEW_TEXT = 200_000

const readAsText = (file: File) => file.text()
const readAsBytes = async (file: File) => new Uint8Array(await file.arrayBuffer())

export const ChartPreviewPage = () => {
  const intl = useIntl()
  const [loaded, setLoaded] = useState<Loaded>()
  const [error, setError] = useState<string>()
  const inputs = {
    sus: useRef<HTMLInputElement>(null),
    txt: useRef<HTMLInputElement>(null),
    data: useRef<HTMLInputElement>(null),
  }

  // The player reads what is loaded here; its reader can start while the user picks a file.
  useEffect(warmChartReader, [])
  // Object URLs live until the next load or until the page goes away.
  useEffect(() => () => loaded && URL.revokeObjectURL(loaded.url), [loaded])

  const load = async (kind: Kind, file: File) => {
    try {
      let next: Omit<Loaded, 'url'> & { bytes: Uint8Array }
      if (kind === 'data') {
        // docs/spec.md §2: read the file as binary and wrap it as a gzip blob for the player.
        const bytes = await readAsBytes(file)
        const read = readLevelData(bytes)
        next = {
          sus: '',
          txt: '',
          data: JSON.stringify(read.levelData, null, 1),
          bytes,
          warnings: read.warnings.map((w) => w.message),
        }
      } else {
        const text = await readAsText(file)
        const result = kind === 'sus' ? convertSus(text) : convertTxt(text)
        next = {
          sus: kind === 'sus' ? text : '',
          txt: result.txt,
          data: JSON.stringify(result.levelData, null, 1),
          bytes: result.gzipped,
          warnings: result.warnings.map(
            (warning) => (warning.line ? `${warning.line}:${warning.column}: ` : '') + warning.message,
          ),
        }
      }
      const url = URL.createObjectURL(new Blob([next.bytes as BlobPart], { type: 'application/gzip' }))
      setError(undefined)
      setLoaded({ sus: next.sus, txt: next.txt, data: next.data, warnings: next.warnings, url })
    } catch (caught) {
      // docs/spec.md §5: a conversion failure shows 'Error' plus the message (with its line:column).
      setError(caught instanceof ChartError ? caught.message : (caught as Error).message)
    }
  }

  const picker = (kind: Kind, accept: string, labelId: MessageId, icon: ReactNode) => (
    <>
      <input
        ref={inputs[kind]}
        type="file"
        accept={accept}
        hidden
        data-testid={`file-${kind}`}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void load(kind, file)
        }}
      />
      <Button icon={icon} onClick={() => inputs[kind].current?.click()}>
        <FormattedMessage id={labelId} />
      </Button>
    </>
  )

  const code = (text: string) =>
    text ? (
      <pre className="preview-code">
        {text.length > MAX_PREVIEW_TEXT ? `${text.slice(0, MAX_PREVIEW_TEXT)}\n…` : text}
      </pre>
    ) : (
      <Typography.Text type="secondary">
        <FormattedMessage id="preview.tab_empty" />
      </Typography.Text>
    )

  return (
    <Scaffold
      title={<FormattedMessage id="route.chart_preview" />}
      subtitle={<FormattedMessage id="preview.subtitle" />}
    >
      <Card>
        <Flex gap={8} wrap>
          {picker('sus', '.sus,text/plain', 'preview.load_sus', <UploadOutlined />)}
          {picker('txt', '.txt,text/plain', 'preview.load_txt', <FileTextOutlined />)}
          {picker('data', '*/*', 'preview.load_data', <FileZipOutlined />)}
        </Flex>
        {error && (
          <Alert
            style={{ marginTop: 16 }}
            type="error"
            showIcon
            message={`${intl.formatMessage({ id: 'preview.error' })}: ${error}`}
            data-testid="conversion-error"
          />
        )}
        {loaded && loaded.warnings.length > 0 && (
          <Alert
            style={{ marginTop: 16 }}
            type="warning"
            showIcon
            message={intl.formatMessage({ id: 'preview.warnings' }, { count: loaded.warnings.length })}
            description={<div className="preview-warnings">{loaded.warnings.slice(0, 50).join('\n')}</div>}
          />
        )}
        <Tabs
          style={{ marginTop: 16 }}
          items={[
            {
              key: 'sus',
              label: intl.formatMessage({ id: 'preview.tab_sus' }),
              children: code(loaded?.sus ?? ''),
            },
            {
              key: 'txt',
              label: intl.formatMessage({ id: 'preview.tab_txt' }),
              children: code(loaded?.txt ?? ''),
            },
            {
              key: 'data',
              label: intl.formatMessage({ id: 'preview.tab_data' }),
              children: code(loaded?.data ?? ''),
            },
          ]}
        />
      </Card>
      <Card style={{ marginTop: 16 }} title={<FormattedMessage id="preview.player" />}>
        {loaded ? (
          <ChartPlayer url={loaded.url} />
        ) : (
          <Typography.Text type="secondary">
            <FormattedMessage id="preview.nothing_loaded" />
          </Typography.Text>
        )}
      </Card>
    </Scaffold>
  )
}

export default ChartPreviewPage
