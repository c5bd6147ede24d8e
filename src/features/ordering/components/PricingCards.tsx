import { getImageProps } from 'next/image'

import { CheckIcon } from '@/components/Icons'
import { packagesAt, priceListFrom } from '@/features/ordering/pricing'
import type { Pricing } from '@/payload-types'
import { sizedPhoto, type SizedPhoto } from '@/shared/photo'
import { dollars, jarsText, jarWord } from '@/features/ordering/wording'

/** A card's width: one column below 768 px, a third of the container (max-w-6xl) above. */
const CARD_PHOTO_SIZES = '(min-width: 1152px) 350px, (min-width: 768px) 30vw, 90vw'

/**
 * A package's photo across the top of its card: wide (16:9) while the cards are stacked on a
 * phone, 4:3 in the three-column grid. next/image's `srcset` on a plain <img> (no component
 * JavaScript); lazy, as the cards are below the hero.
 */
function CardPhoto({ photo, alt, featured }: { photo: SizedPhoto; alt: string; featured: boolean }) {
  const { props } = getImageProps({ src: photo.url, alt, width: photo.width, height: photo.height, sizes: CARD_PHOTO_SIZES })
  return (
    // eslint-disable-next-line @next/next/no-img-element -- next/image's props (srcset, sizes) on a server-rendered <img>
    <img
      {...props}
      alt={alt}
      className={`-mx-6 -mt-6 mb-5 aspect-video w-[calc(100%+3rem)] max-w-none bg-plum-50 object-cover md:aspect-[4/3] ${featured ? 'rounded-t-[calc(1.5rem-2px)]' : 'rounded-t-[calc(1.5rem-1px)]'}`}
    />
  )
}

/** The three packages at the seller's prices; each card leads to /order with its package chosen. */
export function PricingCards({ copy }: { copy: Pricing }) {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {packagesAt(priceListFrom(copy)).map((pkg, index) => {
        const text = copy.packages?.[index]
        const featured = Boolean(text?.badge) && index === 1
        const photo = sizedPhoto(text?.photo)
        return (
          <li
            key={pkg.quantity}
            className={`card relative flex flex-col ${featured ? 'border-2 border-plum-500 shadow-lg' : ''}`}
          >
            {text?.badge && (
              <span className="absolute -top-3 left-6 rounded-full bg-sea-700 px-3 py-1 text-xs font-semibold text-white">
                {text.badge}
              </span>
            )}
            {photo && <CardPhoto photo={photo} alt={photo.alt || `${pkg.quantity} × 8oz ${jarWord(pkg.quantity)} of sea moss gel`} featured={featured} />}
            <h3 className="text-2xl font-semibold">{text?.title ?? jarsText(pkg.quantity)}</h3>
            <p className="mt-1 text-sm text-plum-900/70">
              {pkg.quantity} × 8oz {jarWord(pkg.quantity)}
            </p>
            <p className="mt-5 flex items-baseline gap-2">
              <span className="font-display text-5xl font-semibold text-plum-800">{dollars(pkg.price)}</span>
              {pkg.savings > 0 && <s className="text-lg text-plum-900/75">{dollars(pkg.listPrice)}</s>}
            </p>
            {pkg.savings > 0 ? (
              <p className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-sea-700">
                <CheckIcon width={16} height={16} /> Save {dollars(pkg.savings)}
              </p>
            ) : (
              <p className="mt-2 text-sm text-plum-900/70">{dollars(pkg.price)} per jar</p>
            )}
            {text?.description && <p className="mt-4 flex-1 leading-7 text-plum-900/80">{text.description}</p>}
            <a
              href={`/order?qty=${pkg.quantity}`}
              className={`${featured ? 'btn-primary' : 'btn-secondary'} mt-6 w-full`}
              aria-label={`Order ${jarsText(pkg.quantity)} for ${dollars(pkg.price)}`}
            >
              Order {jarsText(pkg.quantity)}
            </a>
          </li>
        )
      })}
    </ul>
  )
}
