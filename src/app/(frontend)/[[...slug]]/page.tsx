import type { Metadata } from 'next'
import { notFound } from 'next/navigation'

import { aboutPage } from '@/features/content/pages/about'
import { benefitsPage } from '@/features/content/pages/benefits'
import { faqPage } from '@/features/content/pages/faq'
import { homePage } from '@/features/content/pages/home'
import type { ContentPage } from '@/features/content/pages/types'

/**
 * The content pages. One optional catch-all serves them so that nothing is rendered at build time
 * (the build never touches the database): each page renders on its first request, is cached, and
 * is rendered again only when the seller's edit expires its cache tags. The pages with a form,
 * /contact and /reviews, have routes of their own so their scripts load only there (ownRoute.ts).
 */
const PAGES: Record<string, ContentPage> = {
  '': homePage,
  benefits: benefitsPage,
  about: aboutPage,
  faq: faqPage,
}

type Props = { params: Promise<{ slug?: string[] }> }

export const dynamicParams = true

export function generateStaticParams(): { slug?: string[] }[] {
  return []
}

async function pageFor(params: Props['params']): Promise<ContentPage> {
  const { slug = [] } = await params
  const page = slug.length <= 1 ? PAGES[slug[0] ?? ''] : undefined
  if (!page) notFound()
  return page
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug = [] } = await params
  const metadata = await (await pageFor(params)).metadata()
  return { ...metadata, alternates: { canonical: `/${slug.join('/')}` } }
}

export default async function Page({ params }: Props) {
  return (await pageFor(params)).render()
}
