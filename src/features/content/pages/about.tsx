import Link from 'next/link'

import { CardGrid } from '@/components/CardGrid'
import { PageHero } from '@/components/PageHero'
import { getGlobal } from '@/features/content/content'

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
        <section className="section pt-4" aria-labelledby="story-heading">
          <div className="container-page max-w-3xl">
            <h2 id="story-heading" className="section-title">
              {page.story.heading}
            </h2>
            <div className="mt-6 space-y-5 text-lg leading-8 text-plum-900/85">
              {page.story.paragraphs?.map((paragraph) => <p key={paragraph.id ?? paragraph.text}>{paragraph.text}</p>)}
            </div>
          </div>
        </section>
        <section className="section bg-plum-800 text-white" aria-labelledby="mission-heading">
          <div className="container-page max-w-3xl text-center">
            <h2 id="mission-heading" className="section-title text-white">
              {page.mission.heading}
            </h2>
            <p className="mt-5 text-xl leading-9 text-plum-100">{page.mission.description}</p>
          </div>
        </section>
        <section className="section" aria-labelledby="values-heading">
          <div className="container-page">
            <h2 id="values-heading" className="section-title mb-10 text-center">
              {page.values.heading}
            </h2>
            <CardGrid cards={page.values.items} />
            <p className="mt-12 text-center">
              <Link href="/order" className="btn-primary">
                Try our sea moss gel
              </Link>
            </p>
          </div>
        </section>
      </>
    )
  },
}
