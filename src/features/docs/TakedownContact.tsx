// Below the takedown form: where to write about anything the form does not carry. The address is the
// operator's configuration (TAKEDOWN_CONTACT); without one, visitors are told how else to reach the
// moderators rather than shown a gap.
import { FormattedMessage } from 'react-intl'
import { Card } from 'antd'
import { useGetTakedownInfoQuery } from '../../api/moderation'

const EMAIL = /^[^\s@<>()"]+@[^\s@<>()"]+\.[^\s@<>()"]+$/
const WEB = /^https?:\/\/[^\s<>"]+$/i

/** An e-mail address or a web address as a link; anything else as it was written. */
const contactOf = (contact: string) =>
  EMAIL.test(contact) ? (
    <a href={`mailto:${contact}`}>{contact}</a>
  ) : WEB.test(contact) ? (
    <a href={contact} target="_blank" rel="noopener noreferrer">
      {contact}
    </a>
  ) : (
    <strong>{contact}</strong>
  )

export const TakedownContact = () => {
  const { data } = useGetTakedownInfoQuery()
  // Until it is known (or if it cannot be), say nothing rather than something untrue.
  if (!data) return null
  return (
    <Card title={<FormattedMessage id="takedown.contact_title" />} data-testid="takedown-contact">
      {data.contact ? (
        <FormattedMessage id="takedown.contact_set" values={{ contact: contactOf(data.contact) }} />
      ) : (
        <FormattedMessage id="takedown.contact_none" />
      )}
    </Card>
  )
}
