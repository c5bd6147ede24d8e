import { InstagramIcon, MailIcon, MessageIcon } from '@/components/Icons'
import { mailtoHref, smsHref } from '@/features/contact/contactLinks'
import type { SiteSetting } from '@/payload-types'

type Channel = 'text' | 'email' | 'dm'

/** The ways to reach the seller directly: a text, an e-mail, a direct message. */
export function ContactButtons({ settings, channels = ['text', 'email', 'dm'] }: { settings: SiteSetting; channels?: Channel[] }) {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      {channels.includes('text') && (
        <a href={smsHref(settings.phone)} className="btn-primary">
          <MessageIcon /> Text {settings.phone}
        </a>
      )}
      {channels.includes('email') && (
        <a href={mailtoHref(settings.email)} className="btn-secondary">
          <MailIcon /> E-mail us
        </a>
      )}
      {channels.includes('dm') && (
        <a href={settings.socialUrl} rel="noopener" className="btn-sea">
          <InstagramIcon /> Message {settings.socialHandle}
        </a>
      )}
    </div>
  )
}
