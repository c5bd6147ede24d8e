import { LABEL_SETTINGS } from '@/features/admin/jarLabelRules'

import { contentGlobal } from './contentGlobal'

export const SiteSettings = contentGlobal(
  'site-settings',
  'Site settings',
  [
    {
      type: 'row',
      fields: [
        { name: 'businessName', label: 'Business name', type: 'text', required: true },
        { name: 'productName', label: 'Product name', type: 'text', required: true },
      ],
    },
    { name: 'tagline', label: 'Tagline', type: 'text', required: true },
    {
      name: 'logo',
      label: 'Logo mark',
      type: 'upload',
      relationTo: 'media',
      admin: { description: 'A small square picture shown beside the business name in the admin and on its login page. Empty: the first letter of the business name.' },
    },
    {
      type: 'row',
      fields: [
        { name: 'phone', label: 'Phone (for texts and calls)', type: 'text', required: true },
        { name: 'email', label: 'E-mail (orders and contact messages go here)', type: 'email', required: true },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'socialHandle', label: 'Social handle', type: 'text', required: true },
        { name: 'socialUrl', label: 'Social profile URL', type: 'text', required: true },
      ],
    },
    {
      name: 'deliveryAreas',
      label: 'Delivery areas',
      type: 'array',
      minRows: 1,
      fields: [
        { name: 'name', type: 'text', required: true },
        { name: 'description', type: 'text' },
      ],
    },
    {
      name: 'paymentMethods',
      label: 'Payment methods',
      type: 'array',
      minRows: 1,
      admin: { description: 'Shown to customers on the order page and in the order confirmation e-mail.' },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'method', type: 'text', required: true },
            { name: 'handle', label: 'Handle or details', type: 'text' },
          ],
        },
      ],
    },
    { name: 'disclaimer', label: 'Disclaimer', type: 'textarea', required: true },
    {
      type: 'collapsible',
      label: 'Jar labels',
      admin: { description: 'Printed on every jar label (Jar labels in the menu): the maker’s name (Business name above) and address, the net quantity of a jar, and the best-by day.' },
      fields: [
        {
          name: 'labelStreet',
          label: 'Street address',
          type: 'text',
          maxLength: LABEL_SETTINGS.streetMaxLength,
          admin: { description: 'Where the jars are made, e.g. "1234 Woodward Ave". Labels are not printed without it.' },
        },
        {
          name: 'labelPlace',
          label: 'City, state and ZIP code',
          type: 'text',
          maxLength: LABEL_SETTINGS.placeMaxLength,
          admin: { description: 'e.g. "Detroit, MI 48201". Labels are not printed without it.' },
        },
        {
          type: 'row',
          fields: [
            {
              name: 'netQuantity',
              label: 'Net quantity',
              type: 'text',
              required: true,
              defaultValue: LABEL_SETTINGS.netQuantity,
              maxLength: LABEL_SETTINGS.netQuantityMaxLength,
            },
            {
              name: 'shelfLifeDays',
              label: 'Shelf life (days in the fridge)',
              type: 'number',
              required: true,
              defaultValue: LABEL_SETTINGS.shelfLifeDays,
              min: LABEL_SETTINGS.shelfLifeMin,
              max: LABEL_SETTINGS.shelfLifeMax,
              admin: { step: 1, description: 'Best by = made on + this many days.' },
              validate: (value: unknown) =>
                Number.isInteger(value) && (value as number) >= LABEL_SETTINGS.shelfLifeMin && (value as number) <= LABEL_SETTINGS.shelfLifeMax
                  ? true
                  : `Whole days from ${LABEL_SETTINGS.shelfLifeMin} to ${LABEL_SETTINGS.shelfLifeMax}, e.g. ${LABEL_SETTINGS.shelfLifeDays}.`,
            },
          ],
        },
      ],
    },
    {
      name: 'holdReviewsForApproval',
      label: 'Hold new reviews for approval',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'When on, new reviews stay hidden until you publish them.' },
    },
  ],
  'Business details shown across the site. Replace the placeholder values with your own.',
)
