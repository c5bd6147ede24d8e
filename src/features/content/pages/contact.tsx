
import { ContactButtons } from '@/features/contact/components/ContactButtons'
import { InstagramIcon, MailIcon, PhoneIcon } from '@/components/Icons'
import { PageHero } from '@/components/PageHero'
import { Section } from '@/components/Section'
import { getGlobal, getSiteSettings } from '@/cachedGlobals'
import { mailtoHref, telHref } from '@/features/contact/contactLinks'

import type { ContentPage } from '@/features/content/pages/types'

import { ContactForm } from '@/features/contact/components/ContactForm.client'

export const contactPage: ContentPage = {
  async metadata() {
    const page = await getGlobal('contact-page')
    return { title: page.intro.title, description: page.intro.description }
  },
  async render() {
    const [page, settings] = await Promise.all([getGlobal('contact-page'), getSiteSettings()])
    return (
      <>
        <PageHero title={page.intro.title} description={page.intro.description} />
        <Section className="pt-4" containerClassName="grid gap-8 lg:grid-cols-[1fr_2fr]">
          <aside className="card h-fit space-y-5" aria-labelledby="contact-info-heading">
            <h2 id="contact-info-heading" className="text-2xl font-semibold">
              Get in touch
            </h2>
            <p className="rounded-2xl bg-sea-50 px-4 py-3 font-semibold text-sea-700">We reply within 24 hours.</p>
            <ul className="space-y-4">
              <li>
                <a href={telHref(settings.phone)} className="flex items-center gap-3 hover:text-plum-700 hover:underline">
                  <PhoneIcon className="text-plum-600" /> {settings.phone}
                </a>
              </li>
              <li>
                <a href={mailtoHref(settings.email)} className="flex items-center gap-3 break-all hover:text-plum-700 hover:underline">
                  <MailIcon className="shrink-0 text-plum-600" /> {settings.email}
                </a>
              </li>
              <li>
                <a href={settings.socialUrl} rel="noopener" className="flex items-center gap-3 hover:text-plum-700 hover:underline">
                  <InstagramIcon className="text-plum-600" /> {settings.socialHandle}
                </a>
              </li>
            </ul>
          </aside>
          <div className="card sm:p-8">
            <h2 className="mb-6 text-2xl font-semibold">Send us a message</h2>
            <ContactForm />
          </div>
        </Section>
        <Section id="order-direct" heading="Ready to order?" className="bg-plum-50" containerClassName="text-center">
          <p className="mx-auto mt-3 mb-8 max-w-xl text-lg text-plum-900/80">
            Text or call us, send us a direct message, or place your order online.
          </p>
          <ContactButtons settings={settings} channels={['text', 'dm']} />
          <p className="mt-5">
            <a href="/order" className="font-semibold text-plum-700 underline underline-offset-4 hover:text-plum-900">
              Order online
            </a>
          </p>
        </Section>
      </>
    )
  },
}
