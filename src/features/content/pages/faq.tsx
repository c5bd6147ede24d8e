import { ContactButtons } from '@/features/contact/components/ContactButtons'
import { FaqAccordion } from '@/features/content/components/FaqAccordion'
import { PageHero } from '@/components/PageHero'
import { getFaqs, getGlobal, getSiteSettings } from '@/features/content/content'

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
        <section className="section pt-4" aria-label="Questions and answers">
          <div className="container-page max-w-3xl">
            <FaqAccordion faqs={faqs} />
          </div>
        </section>
        <section className="section bg-plum-50" aria-labelledby="faq-contact-heading">
          <div className="container-page text-center">
            <h2 id="faq-contact-heading" className="section-title">
              Still have questions?
            </h2>
            <p className="mx-auto mt-3 mb-8 max-w-xl text-lg text-plum-900/80">Reach out and we will get back to you within 24 hours.</p>
            <ContactButtons settings={settings} />
          </div>
        </section>
      </>
    )
  },
}
