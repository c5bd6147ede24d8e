import { contactPage } from '@/features/contact/components/ContactPage'
import { ownRoute } from '@/features/content/pages/ownRoute'

// No build-time render (see ownRoute); the empty list is the only path, /contact itself.
export const dynamicParams = true

export function generateStaticParams(): { rest?: string[] }[] {
  return []
}

const route = ownRoute(contactPage, '/contact')

export const generateMetadata = route.generateMetadata

export default route.Page
