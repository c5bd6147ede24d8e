import { ContactButtons } from '@/features/contact/components/ContactButtons'
import { FaqAccordion } from '@/features/content/components/FaqAccordion'
import { PageHero } from '@/components/PageHero'
import { Section } from '@/components/Section'
import { getGlobal, getSiteSettings } from '@/cachedGlobals'
import { getFaqs } from '@/features/content/content'

import type { ContentPage } from './types'

export const faqPage: ContentPage = {
  async metadata() {
    const page = await getGlobal('faq-page')
    return { title: page.intro.title, description: page.intro.description }
  },
  async render() {
    const [page, faqs, settings] = await Promise.all([getGlobal('faq-page'), getFaqs(), getSiteSettings()])
    return (
      <>
        <PageHero title={page.intro.title} description={page.intro.description} />
        <Section label="Questions and answers" className="pt-4" containerClassName="max-w-3xl">
          <FaqAccordion faqs={faqs} />
        </Section>
        <Section id="faq-contact" heading="Still have questions?" className="bg-plum-50" containerClassName="text-center">
          <p className="mx-auto mt-3 mb-8 max-w-xl text-lg text-plum-900/80">Reach out and we will get back to you within 24 hours.</p>
          <ContactButtons settings={settings} />
        </Section>
      </>
    )
  },
}
