// docs/spec.md §2 "Create and Edit", the info section: title, composer, artists, author (locked on edit), Olivier
// and the level (1-30, or I-X when Olivier), public, SUS download, tags, the description, and on create
// the upload rules to accept.
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Card, Checkbox, Flex, Form, Input, InputNumber, Select, Switch } from 'antd'
import { MAX_DESCRIPTION_LENGTH, MAX_TAGS, MAX_TITLE_LENGTH } from '../../../common/api/uploads'
import { levelLabel, splitAuthor } from '../../../common/format'
import { LEVEL_MIN, OLIVIER_LEVEL_MAX, levelMax } from '../../../common/rules'
import { type MessageId } from '../../messageIds'
import { docsPath } from '../../app/routes'
import { codePointLimit } from '../../components/codePointCount'
import {
  type ChartFormValues,
  type TextField,
  type User,
  type ChartFormRules,
  defaultAuthor,
  levelRangeValues,
} from './chartForm'
import { type PipelineMode } from './stages'
import { TagsInput } from '../../components/TagsInput'
import { clampLevel, isLevelInRange } from './validation'

/** antd's count options, made once: a new object each render makes the field measure itself again. */
const TITLE_COUNT = codePointLimit(MAX_TITLE_LENGTH)
const DESCRIPTION_COUNT = { ...codePointLimit(MAX_DESCRIPTION_LENGTH), show: true }

export type InfoCardProps = {
  mode: PipelineMode
  user: User
  busy: boolean
  rules: ChartFormRules
}

export const InfoCard = ({ mode, user, busy, rules }: InfoCardProps) => {
  const intl = useIntl()
  const form = Form.useFormInstance<ChartFormValues>()
  const isOlivier = Form.useWatch('isOlivier', form) ?? false
  const tags = Form.useWatch('tags', form) ?? []
  // A tag or text refused at the limit: said under the tags until one is removed.
  const [tagsRefused, setTagsRefused] = useState(false)

  /** Shows or clears the level's range message for a level its rules do not see (typed, not taken). */
  const showLevelRange = (level: number | null, olivier: boolean) => {
    const errors =
      level === null || isLevelInRange(level, olivier)
        ? []
        : [intl.formatMessage({ id: 'create.level_range' }, levelRangeValues(olivier))]
    if (errors.length > 0 || form.getFieldError('level').length > 0)
      form.setFields([{ name: 'level', errors }])
  }

  // Olivier narrows the range to I-X: a level above it becomes X rather than an error.
  const onOlivier = (checked: boolean) => {
    const level = form.getFieldValue('level') as number | null
    if (level === null) {
      showLevelRange(null, checked)
      return
    }
    form.setFieldValue('level', clampLevel(level, checked))
    void form.validateFields(['level']).catch(() => undefined)
  }

  // The server takes at most MAX_TITLE_LENGTH code points for each of these.
  const textItem = (name: TextField) => (
    <Form.Item
      name={name}
      label={<FormattedMessage id={`create.${name}`} />}
      htmlFor={`create-${name}`}
      rules={rules[name]}
    >
      <Input id={`create-${name}`} count={TITLE_COUNT} />
    </Form.Item>
  )

  /** A yes/no field of the form. */
  const switchItem = (name: 'isOlivier' | 'isPublic' | 'allowSusDownload', labelId: MessageId) => (
    <Form.Item
      name={name}
      valuePropName="checked"
      label={<FormattedMessage id={labelId} />}
      htmlFor={`create-${name}`}
    >
      <Switch id={`create-${name}`} onChange={name === 'isOlivier' ? onOlivier : undefined} />
    </Form.Item>
  )

  return (
    <Card title={<FormattedMessage id="create.section_info" />}>
      {textItem('title')}
      {textItem('composer')}
      {textItem('artists')}
      <Form.Item
        name="author"
        label={<FormattedMessage id="create.author" />}
        htmlFor="create-author"
        rules={rules.author}
        extra={
          mode === 'edit' ? (
            <FormattedMessage id="create.author_locked" />
          ) : (
            <FormattedMessage
              id="create.author_hint"
              values={{ handle: splitAuthor(defaultAuthor(user)).handle }}
            />
          )
        }
      >
        {/* docs/spec.md §2: the author cannot be changed on edit. */}
        <Input id="create-author" count={TITLE_COUNT} disabled={mode === 'edit' || busy} />
      </Form.Item>
      <Flex gap={24} wrap>
        {switchItem('isOlivier', 'create.is_olivier')}
        <Form.Item
          name="level"
          label={<FormattedMessage id="create.level" />}
          htmlFor="create-level"
          rules={rules.level}
        >
          {isOlivier ? (
            // docs/spec.md §5: 1-10 when Olivier, shown as Roman numerals I-X.
            <Select
              id="create-level"
              style={{ width: 180 }}
              placeholder={intl.formatMessage({ id: 'create.level_placeholder' })}
              options={Array.from({ length: OLIVIER_LEVEL_MAX }, (_, index) => ({
                value: index + 1,
                label: levelLabel(index + 1, true),
              }))}
            />
          ) : (
            // The arrows stop at the ends of the range, and a typed level outside it is clamped when the
            // field is left; until then it is not taken (no onChange), so onInput names the range as it is
            // typed.
            <InputNumber<number>
              id="create-level"
              style={{ width: 180 }}
              min={LEVEL_MIN}
              max={levelMax(false)}
              placeholder={intl.formatMessage({ id: 'create.level_placeholder' })}
              onInput={(text) => {
                const typed = Number(text)
                if (text.trim() !== '' && Number.isFinite(typed)) showLevelRange(typed, false)
              }}
            />
          )}
        </Form.Item>
        {switchItem('isPublic', 'create.is_public')}
        {switchItem('allowSusDownload', 'create.allow_sus_download')}
      </Flex>
      {/* A time to publish; the chart stays private until then. */}
      <Form.Item
        name="publishAt"
        label={<FormattedMessage id="create.publish_at" />}
        htmlFor="create-publishAt"
        rules={rules.publishAt}
        extra={<FormattedMessage id="create.publish_at_hint" />}
      >
        <Input id="create-publishAt" type="datetime-local" step={1} style={{ width: 260 }} disabled={busy} />
      </Form.Item>
      <Form.Item
        name="tags"
        label={<FormattedMessage id="create.tags" />}
        htmlFor="create-tags"
        rules={rules.tags}
        validateStatus={tagsRefused ? 'error' : undefined}
        help={tagsRefused ? intl.formatMessage({ id: 'create.tags_limit' }, { max: MAX_TAGS }) : undefined}
        extra={<FormattedMessage id="create.tags_hint" values={{ count: tags.length, max: MAX_TAGS }} />}
      >
        <TagsInput id="create-tags" disabled={busy} onLimit={setTagsRefused} />
      </Form.Item>
      <Form.Item
        name="description"
        label={<FormattedMessage id="create.description" />}
        htmlFor="create-description"
        rules={rules.description}
        // Where people write: images from other sites show as links (the site's content policy).
        extra={<FormattedMessage id="create.description_hint" />}
      >
        <Input.TextArea id="create-description" count={DESCRIPTION_COUNT} rows={6} />
      </Form.Item>
      {mode === 'create' && (
        <Form.Item
          name="rulesAccepted"
          valuePropName="checked"
          label={<FormattedMessage id="create.rules" />}
          htmlFor="create-rulesAccepted"
          rules={rules.rulesAccepted}
          extra={
            <FormattedMessage
              id="create.rules_hint"
              values={{
                // A new tab: following the link must not lose what the form holds.
                link: (words) => (
                  <a href={docsPath('rules')} target="_blank" rel="noopener noreferrer">
                    {words}
                  </a>
                ),
              }}
            />
          }
        >
          <Checkbox id="create-rulesAccepted">
            <FormattedMessage id="create.rules_accept" />
          </Checkbox>
        </Form.Item>
      )}
    </Card>
  )
}
