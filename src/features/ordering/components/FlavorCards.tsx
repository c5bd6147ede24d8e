import { getImageProps } from 'next/image'

import type { FlavorCard } from '@/features/ordering/shop'
import { sizedPhoto, type SizedPhoto } from '@/shared/photo'

/**
 * A square thumbnail beside the text (the order form below stays within reach), never wider than
 * 96 CSS pixels: offered at that width and for 2x screens (a srcset of two, where `sizes` would list
 * every width the site resizes to, in the page's HTML and again in React's payload).
 */
const FLAVOR_PHOTO_WIDTH = 96

function FlavorPhoto({ photo, alt }: { photo: SizedPhoto; alt: string }) {
  const height = Math.round((photo.height / photo.width) * FLAVOR_PHOTO_WIDTH)
  const { props } = getImageProps({ src: photo.url, alt, width: FLAVOR_PHOTO_WIDTH, height })
  return (
    // eslint-disable-next-line @next/next/no-img-element -- next/image's props (srcset, sizes) on a server-rendered <img>
    <img {...props} alt={alt} className="size-20 shrink-0 rounded-2xl bg-plum-50 object-cover lg:size-24" />
  )
}

/** A flavor's ingredient list and its allergens line as the page prints them, each null until the seller fills it in. */
export type FlavorFacts = { ingredients: string | null; allergens: string | null }

/**
 * "Our flavors": what each tastes like, its photo, whether it is sold out, and its ingredients and
 * allergens as its jar's label says them (`facts`, by flavor key). Server-rendered, no JavaScript.
 */
export function FlavorCards({ flavors, facts = {} }: { flavors: readonly FlavorCard[]; facts?: Readonly<Record<string, FlavorFacts>> }) {
  if (flavors.length === 0) return null
  return (
    <section aria-labelledby="our-flavors" className="mb-10">
      <h2 id="our-flavors" className="mb-4 text-xl font-semibold">
        Our flavors
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3" data-testid="flavor-cards">
        {flavors.map((flavor) => {
          const photo = sizedPhoto(flavor.photo)
          return (
            <li key={flavor.value} className={`card flex items-start gap-4 p-4 ${flavor.available ? '' : 'opacity-70'}`}>
              {photo && <FlavorPhoto photo={photo} alt={photo.alt || `${flavor.name} sea moss gel`} />}
              <div>
                <h3 className="font-semibold">
                  {flavor.name}
                  {!flavor.available && <span className="ml-2 rounded-full bg-plum-100 px-2 py-0.5 text-xs font-semibold text-plum-800">Sold out</span>}
                </h3>
                {flavor.description && <p className="mt-1 text-sm text-plum-900/80">{flavor.description}</p>}
                {facts[flavor.value]?.ingredients && (
                  <p className="mt-2 text-sm text-plum-900/80" data-testid="flavor-ingredients">
                    <span className="font-semibold">Ingredients:</span> {facts[flavor.value].ingredients}
                  </p>
                )}
                {facts[flavor.value]?.allergens && (
                  <p className="mt-1 text-sm font-semibold text-plum-900" data-testid="flavor-allergens">
                    {facts[flavor.value].allergens}
                  </p>
                )}
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
