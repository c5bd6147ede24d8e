import { getImageProps } from 'next/image'

import { CardGrid } from '@/components/CardGrid'
import { Section, SectionHeading } from '@/components/Section'
import { ContactButtons } from '@/features/contact/components/ContactButtons'
import { EmailPopup } from '@/features/discounts/components/EmailPopup'
import { JsonLd } from '@/components/JsonLd'
import { PricingCards } from '@/features/ordering/components/PricingCards'
import { Testimonials } from '@/features/reviews/components/Testimonials'
import { getGlobal, getSiteSettings } from '@/cachedGlobals'
import { getShop } from '@/features/ordering/cachedReads'
import { BatchOpening } from '@/features/ordering/components/BatchOpening'
import { productJsonLd } from '@/features/content/structuredData'
import { sizedPhoto, type SizedPhoto } from '@/shared/photo'

import type { ContentPage } from './types'

/**
 * The hero's photo is the page's largest paint: fetched first, at the width its column takes (the
 * whole width on a phone, half the container from 1024 px; in vw rather than calc(), so next/image
 * leaves the widths no screen needs out of the srcset). `getImageProps` gives next/image's
 * optimised `srcset` on a plain <img>, so the page loads no image component JavaScript.
 */
const HERO_PHOTO_SIZES = '(min-width: 1152px) 520px, (min-width: 1024px) 45vw, (min-width: 640px) 576px, 90vw'

function HeroPhoto({ photo, fallbackAlt }: { photo: SizedPhoto; fallbackAlt: string }) {
  const { props } = getImageProps({
    src: photo.url,
    alt: photo.alt || fallbackAlt,
    width: photo.width,
    height: photo.height,
    sizes: HERO_PHOTO_SIZES,
    loading: 'eager',
    fetchPriority: 'high',
  })
  return (
    <div className="relative mx-auto w-full max-w-xl lg:max-w-none">
      <div aria-hidden className="absolute -inset-3 rotate-2 rounded-[2.25rem] bg-white/10" />
      {/* eslint-disable-next-line @next/next/no-img-element -- next/image's props (srcset, sizes) on a server-rendered <img> */}
      <img {...props} alt={props.alt} className="relative w-full rounded-[2rem] shadow-2xl ring-1 shadow-plum-900/40 ring-white/20" />
    </div>
  )
}

export const homePage: ContentPage = {
  async metadata() {
    const [settings, home] = await Promise.all([getSiteSettings(), getGlobal('home-page')])
    return {
      title: { absolute: `${settings.businessName} · ${settings.productName} in Metro Detroit & Ann Arbor` },
      description: home.hero.description,
    }
  },
  async render() {
    const [settings, home, pricing, shop] = await Promise.all([getSiteSettings(), getGlobal('home-page'), getGlobal('pricing'), getShop()])
    const heroPhoto = sizedPhoto(home.hero.photo)
    return (
      <>
        <JsonLd data={productJsonLd(settings, shop)} />
        <EmailPopup />
        <section className="relative overflow-hidden bg-gradient-to-br from-plum-800 via-plum-700 to-sea-700 text-white">
          <div aria-hidden className="absolute -top-24 -right-24 size-96 rounded-full bg-sea-500/30 blur-3xl" />
          <div className={`container-page relative ${heroPhoto ? 'grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-2 lg:py-24' : 'py-20 sm:py-28'}`}>
            <div>
              {home.hero.eyebrow && <p className="text-sm font-semibold tracking-wide text-sea-100 uppercase">{home.hero.eyebrow}</p>}
              <h1 className={`mt-4 max-w-3xl text-4xl leading-tight font-semibold text-white ${heroPhoto ? 'sm:text-5xl xl:text-6xl' : 'sm:text-6xl'}`}>
                {home.hero.heading}
              </h1>
              <p className="mt-6 max-w-2xl text-lg leading-8 text-plum-100">{home.hero.description}</p>
              {shop.opensAt && <BatchOpening opensAt={shop.opensAt} className="mt-6 inline-block rounded-2xl bg-white/10 px-5 py-3 text-lg text-white ring-1 ring-white/30" />}
              <div className="mt-10 flex flex-wrap gap-3">
                <a href="/order" className="btn bg-white text-plum-800 hover:bg-plum-50">
                  Order online
                </a>
                <a href="/benefits" className="btn border-2 border-white/70 text-white hover:bg-white/10">
                  Why sea moss?
                </a>
              </div>
            </div>
            {heroPhoto && <HeroPhoto photo={heroPhoto} fallbackAlt={`A jar of ${settings.productName}`} />}
          </div>
        </section>

        <Section labelledBy="pricing-heading">
          <div className="mx-auto mb-10 max-w-2xl text-center">
            <SectionHeading id="pricing-heading">{pricing.heading}</SectionHeading>
            <p className="mt-3 text-lg text-plum-900/80">{pricing.description}</p>
          </div>
          <PricingCards copy={pricing} />
        </Section>

        <Section id="benefits" heading={home.benefits.heading} headingClassName="mb-10 text-center" className="bg-white">
          <CardGrid cards={home.benefits.items} columns={4} />
          <p className="mt-10 text-center">
            <a href="/benefits" className="font-semibold text-plum-700 underline underline-offset-4 hover:text-plum-900">
              See all the benefits and how to use it
            </a>
          </p>
        </Section>

        <Section id="testimonials" heading="What our customers say" headingClassName="mb-10 text-center">
          <Testimonials items={home.testimonials} />
        </Section>

        <Section id="cta" heading={home.callToAction.heading} className="bg-plum-50" containerClassName="text-center">
          <p className="mx-auto mt-3 mb-8 max-w-xl text-lg text-plum-900/80">{home.callToAction.description}</p>
          <ContactButtons settings={settings} channels={['text', 'dm']} />
        </Section>
      </>
    )
  },
}
