
import { CardGrid } from '@/components/CardGrid'
import { Section } from '@/components/Section'
import { PageHero } from '@/components/PageHero'
import { getGlobal } from '@/cachedGlobals'

import type { ContentPage } from './types'

export const aboutPage: ContentPage = {
  async metadata() {
    const page = await getGlobal('about-page')
    return { title: page.intro.title, description: page.intro.description }
  },
  async render() {
    const page = await getGlobal('about-page')
    return (
      <>
        <PageHero title={page.intro.title} description={page.intro.description} />
        <Section id="story" heading={page.story.heading} className="pt-4" containerClassName="max-w-3xl">
          <div className="mt-6 space-y-5 text-lg leading-8 text-plum-900/85">
            {page.story.paragraphs?.map((paragraph) => <p key={paragraph.id ?? paragraph.text}>{paragraph.text}</p>)}
          </div>
        </Section>
        <Section id="mission" heading={page.mission.heading} headingClassName="text-white" className="bg-plum-800 text-white" containerClassName="max-w-3xl text-center">
          <p className="mt-5 text-xl leading-9 text-plum-100">{page.mission.description}</p>
        </Section>
        <Section id="values" heading={page.values.heading} headingClassName="mb-10 text-center">
          <CardGrid cards={page.values.items} />
          <p className="mt-12 text-center">
            <a href="/order" className="btn-primary">
              Try our sea moss gel
            </a>
          </p>
        </Section>
      </>
    )
  },
}
