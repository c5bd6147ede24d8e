import { cards, contentGlobal, heading, pageIntro, paragraph } from './contentGlobal'

export const HomePage = contentGlobal('home-page', 'Home page', [
  {
    type: 'group',
    name: 'hero',
    fields: [
      { name: 'eyebrow', label: 'Small line above the heading', type: 'text' },
      heading(),
      paragraph('description', 'Introduction'),
      {
        name: 'photo',
        label: 'Photo',
        type: 'upload',
        relationTo: 'media',
        admin: { description: 'The large product photo beside the heading; also the picture shown when the site is shared.' },
      },
    ],
  },
  {
    type: 'group',
    name: 'benefits',
    label: 'Benefits grid',
    fields: [heading(), cards('items', 'Benefits', 3, 8)],
  },
  {
    name: 'testimonials',
    type: 'array',
    minRows: 3,
    maxRows: 3,
    fields: [
      { name: 'quote', type: 'textarea', required: true },
      { name: 'name', type: 'text', required: true },
      { name: 'location', type: 'text' },
    ],
  },
  {
    type: 'group',
    name: 'callToAction',
    label: 'Order by text or message',
    fields: [heading(), paragraph('description', 'Text')],
  },
])

export const BenefitsPage = contentGlobal('benefits-page', 'Benefits page', [
  pageIntro,
  cards('benefits', 'Benefit cards', 6, 6),
  {
    type: 'group',
    name: 'usage',
    label: 'Usage guide',
    fields: [heading(), cards('steps', 'Ways to use it', 1, 6), { name: 'storage', label: 'Storage note', type: 'text', required: true }],
  },
  {
    type: 'group',
    name: 'quality',
    label: 'Quality promise',
    fields: [heading(), paragraph('description', 'Text'), { name: 'points', type: 'array', fields: [{ name: 'text', type: 'text', required: true }] }],
  },
])

export const AboutPage = contentGlobal('about-page', 'About page', [
  pageIntro,
  {
    type: 'group',
    name: 'story',
    label: 'Our story',
    fields: [heading(), { name: 'paragraphs', type: 'array', minRows: 1, fields: [{ name: 'text', type: 'textarea', required: true }] }],
  },
  { type: 'group', name: 'mission', fields: [heading(), paragraph('description', 'Text')] },
  { type: 'group', name: 'values', fields: [heading(), cards('items', 'Values', 1, 8)] },
])

/** The shorter pages only need their heading and introduction. */
export const FaqPage = contentGlobal('faq-page', 'FAQ page', [pageIntro])
export const ContactPage = contentGlobal('contact-page', 'Contact page', [pageIntro])
export const OrderPage = contentGlobal('order-page', 'Order page', [pageIntro])
export const ReviewsPage = contentGlobal('reviews-page', 'Reviews page', [pageIntro])

export const PAGE_GLOBALS = [HomePage, BenefitsPage, AboutPage, FaqPage, ContactPage, OrderPage, ReviewsPage]
