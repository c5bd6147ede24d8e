import type {
  AboutPage,
  BenefitsPage,
  ContactPage,
  FaqPage,
  HomePage,
  OrderPage,
  Pricing,
  ReviewsPage,
} from '@/payload-types'

import type { SeedData } from './siteSettings'
import { DEFAULT_PRICES } from '@/features/ordering/pricing'

const benefitCards = [
  { title: 'Rich in minerals', description: 'Sea moss naturally carries iodine, potassium, calcium and magnesium among the many minerals it draws from the sea.' },
  { title: 'Gentle on digestion', description: 'Its natural gel is soothing and is a traditional way to support a comfortable gut.' },
  { title: 'Skin and hair', description: 'Many people eat it for a healthy glow, and some use the gel as a simple face mask.' },
  { title: 'Everyday energy', description: 'A spoonful in your morning smoothie is an easy habit that keeps you feeling nourished.' },
  { title: 'Immune support', description: 'A traditional Caribbean staple, taken through the colder months to stay well.' },
  { title: 'Plant-based and simple', description: 'Vegan, gluten-free and made with no fillers: sea moss, spring water and real fruit.' },
]

export const homePageSeed: SeedData<HomePage> = {
  hero: {
    eyebrow: 'Handcrafted in small batches · Metro Detroit & Ann Arbor',
    heading: 'Purple seamoss gel, made fresh for you',
    description:
      'Wildcrafted purple sea moss from Grenada, blended with spring water and real fruit. A spoonful a day in your smoothie, tea or straight from the jar.',
  },
  benefits: {
    heading: 'Why sea moss?',
    items: benefitCards.slice(0, 4),
  },
  testimonials: [
    { quote: 'I put a spoonful in my smoothie every morning. The pineapple mango is my favorite, and it tastes so fresh!', name: 'Keisha M.', location: 'Detroit' },
    { quote: 'Fast, friendly delivery and the gel is the best I have tried. I order the 6-jar pack for the whole family now.', name: 'Marcus T.', location: 'Southfield' },
    { quote: 'You can tell it is made with care. Smooth texture, no fishy taste, and the peach ginger is amazing in tea.', name: 'Aaliyah R.', location: 'Ann Arbor' },
  ],
  callToAction: {
    heading: 'Order the way you like',
    description: 'Text us your order, send us a direct message, or order online. We reply within 24 hours.',
  },
}

export const pricingSeed: SeedData<Pricing> = {
  ...DEFAULT_PRICES,
  heading: 'Choose your package',
  description: 'Every jar holds 8oz of fresh gel. Mix and match flavors in any package.',
  packages: [
    { title: 'Single jar', description: 'Try it out: one 8oz jar, about two weeks of servings.' },
    { title: '3-jar pack', description: 'Three 8oz jars to keep your routine going.', badge: 'Most popular' },
    { title: '6-jar pack', description: 'Six 8oz jars for the family or to share.', badge: 'Best value' },
  ],
}

export const benefitsPageSeed: SeedData<BenefitsPage> = {
  intro: {
    title: 'The benefits of purple sea moss',
    description: 'Sea moss has been part of Caribbean kitchens for generations. Here is why our customers make it a daily habit.',
  },
  benefits: benefitCards,
  usage: {
    heading: 'How to use it',
    steps: [
      { title: 'Daily serving', description: 'Take 1-2 tablespoons daily.' },
      { title: 'Blend it', description: 'Add it to smoothies, juices or oatmeal.' },
      { title: 'Stir it in', description: 'Stir it into tea, soups or sauces as a natural thickener.' },
      { title: 'Straight up', description: 'Eat it straight from the spoon.' },
    ],
    storage: 'Keep it refrigerated: the gel lasts about 2 weeks in the fridge.',
  },
  quality: {
    heading: 'Our quality promise',
    description:
      'We make every batch by hand in small quantities so your gel is always fresh. Our purple sea moss comes from the clear waters of Grenada, is cleaned and soaked with care, and blended with spring water and real fruit.',
    points: [
      { text: 'Wildcrafted purple sea moss from Grenada' },
      { text: 'Made fresh in small batches' },
      { text: 'No preservatives, fillers or added sugar' },
      { text: 'Vegan and gluten-free' },
    ],
  },
}

export const aboutPageSeed: SeedData<AboutPage> = {
  intro: {
    title: 'About us',
    description: 'Two friends, one family recipe, and a love for the Caribbean tradition of sea moss.',
  },
  story: {
    heading: 'Our story',
    paragraphs: [
      { text: 'We are two founders who grew up with sea moss in our families’ kitchens. When we could not find fresh, honest gel near home in Michigan, we started making our own.' },
      { text: 'Friends and neighbors asked for jars, then their friends did too. Today we make every batch by hand with purple sea moss from Grenada and deliver it across Metro Detroit and Metro Ann Arbor.' },
    ],
  },
  mission: {
    heading: 'Our mission',
    description: 'To make fresh, high-quality sea moss gel easy to enjoy every day, for every family in our community.',
  },
  values: {
    heading: 'What we stand for',
    items: [
      { title: 'Quality first', description: 'Only real ingredients, prepared with care in small batches.' },
      { title: 'Community', description: 'We are local, and we deliver to your door or meet you for pickup.' },
      { title: 'Honesty', description: 'Clear prices, clear ingredients and a real person answering your messages.' },
    ],
  },
}

export const faqPageSeed: SeedData<FaqPage> = {
  intro: { title: 'Frequently asked questions', description: 'Everything you need to know about our sea moss gel, ordering and delivery.' },
}

export const contactPageSeed: SeedData<ContactPage> = {
  intro: { title: 'Contact us', description: 'Questions about an order, flavors or delivery? We reply within 24 hours.' },
}

export const orderPageSeed: SeedData<OrderPage> = {
  intro: { title: 'Place your order', description: 'Choose your package and flavors. We will text or e-mail you to confirm your order and delivery.' },
}

export const reviewsPageSeed: SeedData<ReviewsPage> = {
  intro: { title: 'Customer reviews', description: 'Tried our sea moss gel? Tell us and other customers what you think.' },
}
