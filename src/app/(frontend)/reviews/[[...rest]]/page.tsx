import { reviewsPage } from '@/features/content/pages/reviews'
import { noStaticParams, pagedPageRoute } from '@/features/content/pages/pageRoute'

// /reviews and /reviews/page/<n>: each rendered on its first request and cached, never at build time (see pageRoute).
export const dynamicParams = true
export const generateStaticParams = noStaticParams

const route = pagedPageRoute(reviewsPage, '/reviews')

export const generateMetadata = route.generateMetadata

export default route.Page
