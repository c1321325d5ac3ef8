// docs/spec.md §2 "Server settings": language, server, preset palette and a validated custom colour.
// Every choice takes effect at once and is saved (redux-persist keeps the settings slice).
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Button, Card, Flex, Input, Radio, Space, Typography } from 'antd'
import { CheckOutlined } from '@ant-design/icons'
import { LOCALES, UI_LOCALES, type UiLocale } from '../../../common/locales'
import { COLOR_MAX_LENGTH, isValidColor } from '../../../common/rules'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { SERVERS, SERVER_IDS, type ServerId } from '../../api/servers'
import { PRESET_COLORS } from '../../app/theme'
import { Scaffold } from '../../components/Scaffold'
import { setLocale, setPrimaryColor, setServer } from '../../app/settingsSlice'

const Swatch = ({ color, label }: { color: string; label: string }) => (
  <span className="color-swatch" role="img" aria-label={label} style={{ background: color }} />
)

export const ServerSettingsPage = () => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const { locale, server, primaryColor } = useAppSelector((state) => state.settings)
  const [custom, setCustom] = useState(primaryColor)
  const valid = isValidColor(custom)

  return (
    <Scaffold
      title={<FormattedMessage id="route.settings_server" />}
      subtitle={<FormattedMessage id="settings.server.subtitle" />}
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title={<FormattedMessage id="settings.server.language" />}>
          <Radio.Group
            aria-label={intl.formatMessage({ id: 'settings.server.language' })}
            name="locale"
            optionType="button"
            buttonStyle="solid"
            value={locale}
            onChange={(event) => dispatch(setLocale(event.target.value as UiLocale))}
            options={UI_LOCALES.map((code) => ({ value: code, label: LOCALES[code].label }))}
          />
        </Card>

        <Card title={<FormattedMessage id="settings.server.server" />}>
          <Radio.Group
            aria-label={intl.formatMessage({ id: 'settings.server.server' })}
            name="server"
            value={server}
            onChange={(event) => dispatch(setServer(event.target.value as ServerId))}
            options={SERVER_IDS.map((id) => ({
              value: id,
              label: intl.formatMessage({ id: SERVERS[id].labelId }),
            }))}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            <code data-testid="sonolus-base">{SERVERS[server].bases().sonolus}</code>
          </Typography.Paragraph>
        </Card>

        <Card title={<FormattedMessage id="settings.server.theme" />}>
          <Typography.Text strong>
            <FormattedMessage id="settings.server.palette" />
          </Typography.Text>
          <Flex
            wrap
            gap={8}
            style={{ margin: '8px 0 20px' }}
            role="group"
            aria-label={intl.formatMessage({ id: 'settings.server.palette' })}
          >
            {PRESET_COLORS.map((color) => (
              <button
                key={color}
                type="button"
                className="palette-button"
                aria-label={intl.formatMessage({ id: 'settings.server.preset' }, { color })}
                aria-pressed={primaryColor === color}
                style={{ background: color }}
                onClick={() => {
                  dispatch(setPrimaryColor(color))
                  setCustom(color)
                }}
              >
                {primaryColor === color && <CheckOutlined />}
              </button>
            ))}
          </Flex>

          <Typography.Text strong>
            <label htmlFor="custom-color">
              <FormattedMessage id="settings.server.custom_color" />
            </label>
          </Typography.Text>
          <Flex gap={8} align="flex-start" style={{ marginTop: 8 }}>
            <div style={{ width: 200 }}>
              <Input
                id="custom-color"
                value={custom}
                maxLength={COLOR_MAX_LENGTH}
                showCount
                status={valid ? undefined : 'error'}
                aria-invalid={!valid}
                aria-describedby={valid ? undefined : 'custom-color-error'}
                placeholder={intl.formatMessage({ id: 'settings.server.custom_color_placeholder' })}
                onChange={(event) => setCustom(event.target.value)}
                onPressEnter={() => valid && dispatch(setPrimaryColor(custom))}
              />
              {!valid && (
                <Typography.Text type="danger" id="custom-color-error">
                  <FormattedMessage id="settings.server.invalid_color_value" />
                </Typography.Text>
              )}
            </div>
            {valid && (
              <Swatch
                color={custom}
                label={intl.formatMessage({ id: 'settings.server.swatch' }, { color: custom })}
              />
            )}
            <Button type="primary" disabled={!valid} onClick={() => dispatch(setPrimaryColor(custom))}>
              <FormattedMessage id="settings.server.apply" />
            </Button>
          </Flex>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            <FormattedMessage id="settings.server.current_color" values={{ color: primaryColor }} />
          </Typography.Paragraph>
        </Card>
      </Space>
    </Scaffold>
  )
}

export default ServerSettingsPage
