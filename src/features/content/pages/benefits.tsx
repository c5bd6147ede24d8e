
import { CardGrid } from '@/components/CardGrid'
import { Section, SectionHeading } from '@/components/Section'
import { CheckIcon } from '@/components/Icons'
import { PageHero } from '@/components/PageHero'
import { getGlobal } from '@/cachedGlobals'

import type { ContentPage } from './types'

export const benefitsPage: ContentPage = {
  async metadata() {
    const page = await getGlobal('benefits-page')
    return { title: page.intro.title, description: page.intro.description }
  },
  async render() {
    const page = await getGlobal('benefits-page')
    return (
      <>
        <PageHero title={page.intro.title} description={page.intro.description} />
        <Section label="Benefits" className="pt-4">
          <CardGrid cards={page.benefits} headingLevel={2} />
        </Section>
        <Section id="usage" heading={page.usage.heading} headingClassName="text-center" className="bg-white">
          <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {page.usage.steps?.map((step, index) => (
              <li key={step.id ?? step.title} className="rounded-3xl bg-sea-50 p-6">
                <span className="inline-flex size-9 items-center justify-center rounded-full bg-sea-700 font-semibold text-white">{index + 1}</span>
                <h3 className="mt-4 text-xl font-semibold">{step.title}</h3>
                <p className="mt-2 leading-7 text-plum-900/80">{step.description}</p>
              </li>
            ))}
          </ol>
          <p className="mt-8 text-center text-lg font-semibold text-sea-700">{page.usage.storage}</p>
        </Section>
        <Section labelledBy="quality-heading" containerClassName="grid items-center gap-10 md:grid-cols-2">
          <div>
            <SectionHeading id="quality-heading">{page.quality.heading}</SectionHeading>
            <p className="mt-4 text-lg leading-8 text-plum-900/80">{page.quality.description}</p>
            <a href="/order" className="btn-primary mt-8">
              Order now
            </a>
          </div>
          <ul className="card space-y-4">
            {page.quality.points?.map((point) => (
              <li key={point.id ?? point.text} className="flex items-start gap-3 text-lg">
                <CheckIcon className="mt-1 shrink-0 text-sea-600" />
                {point.text}
              </li>
            ))}
          </ul>
        </Section>
      </>
    )
  },
}
