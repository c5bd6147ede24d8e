import { contactPage } from '@/features/content/pages/contact'
import { noStaticParams, pageRoute } from '@/features/content/pages/pageRoute'

// Rendered on its first request and cached, never at build time (see pageRoute).
export const dynamicParams = true
export const generateStaticParams = noStaticParams

const route = pageRoute(contactPage, '/contact')

export const generateMetadata = route.generateMetadata

export default route.Page
