import { reviewsPage } from '@/features/reviews/components/ReviewsPage'
import { ownRoute } from '@/features/content/pages/ownRoute'

// No build-time render (see ownRoute); the empty list is the only path, /reviews itself.
export const dynamicParams = true

export function generateStaticParams(): { rest?: string[] }[] {
  return []
}

const route = ownRoute(reviewsPage, '/reviews')

export const generateMetadata = route.generateMetadata

export default route.Page
