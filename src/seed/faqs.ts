import type { Faq } from '@/payload-types'

export const faqsSeed: Pick<Faq, 'question' | 'answer'>[] = [
  { question: 'What is sea moss gel?', answer: 'Sea moss is a sea vegetable. We soak and clean wildcrafted purple sea moss, then blend it with spring water (and fruit for the flavored jars) into a smooth gel you can eat by the spoonful or add to food and drinks.' },
  { question: 'Where does your sea moss come from?', answer: 'Our purple sea moss is wildcrafted in Grenada. We prepare and jar every batch by hand here in Michigan.' },
  { question: 'How much should I take each day?', answer: 'We suggest 1-2 tablespoons daily. Start with one and see how you like it.' },
  { question: 'How do I use it?', answer: 'Blend it into smoothies or juice, stir it into tea, oatmeal, soups or sauces, or eat it straight from the spoon. It has a mild taste, and the fruit flavors make it a treat.' },
  { question: 'How long does it last?', answer: 'Kept refrigerated, the gel lasts about 2 weeks. Always use a clean spoon. You can freeze portions (an ice cube tray works well) to keep it longer.' },
  { question: 'What flavors do you offer?', answer: 'Mixed Berry, Pineapple Mango and Peach Ginger. In a 3- or 6-jar pack you can choose a different flavor for each jar.' },
  { question: 'How much does it cost?', answer: 'One 8oz jar is $20, 3 jars are $50 (you save $10) and 6 jars are $100 (you save $20).' },
  { question: 'Where do you deliver?', answer: 'We deliver across Metro Detroit and Metro Ann Arbor. Delivery is $5 per order.' },
  { question: 'Can I pick up my order?', answer: 'Yes. Choose pickup when you order and we will text you the pickup location and time. Pickup is free.' },
  { question: 'How do I pay?', answer: 'We accept cash, Venmo, CashApp and Zelle. Payment details are sent with your order confirmation; you pay at pickup or delivery.' },
  { question: 'How do I order?', answer: 'Order online on our order page, send us a text, or send us a direct message on social media. We confirm every order by text or e-mail.' },
  { question: 'How fast will you reply?', answer: 'We reply to every order and message within 24 hours.' },
  { question: 'Is there a first-order discount?', answer: 'Yes. Join our e-mail list on the home page and you get a code for 25% off the package price of your first order.' },
  { question: 'Is it vegan and gluten-free?', answer: 'Yes. Our gel is made from sea moss, spring water and fruit only: vegan, gluten-free, with no preservatives or added sugar. It is a food, not a medicine: ask your doctor if you have a thyroid condition, are pregnant or take medication.' },
]
