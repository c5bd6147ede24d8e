import type { SiteSetting } from '@/payload-types'
import { LABEL_SETTINGS } from '@/features/admin/jarLabelRules'

type SeedData<T> = Omit<T, 'id' | 'updatedAt' | 'createdAt'>

/** Placeholder business details: clearly fake values the seller replaces in the admin. */
export const siteSettingsSeed: SeedData<SiteSetting> = {
  businessName: 'Purple Sea Moss Co.',
  productName: 'Purple Seamoss Gel',
  tagline: 'Handcrafted purple seamoss gel, made in small batches with Grenadian sea moss.',
  phone: '(313) 555-0123',
  email: 'orders@example.com',
  socialHandle: '@yourseamoss',
  socialUrl: 'https://www.instagram.com/yourseamoss',
  deliveryAreas: [
    { name: 'Metro Detroit', description: 'Detroit and surrounding suburbs' },
    { name: 'Metro Ann Arbor', description: 'Ann Arbor, Ypsilanti and nearby' },
  ],
  paymentMethods: [
    { method: 'Cash', handle: 'At pickup or delivery' },
    { method: 'Venmo', handle: '@your-venmo' },
    { method: 'CashApp', handle: '$yourcashtag' },
    { method: 'Zelle', handle: 'orders@example.com' },
  ],
  disclaimer:
    'These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure or prevent any disease.',
  holdReviewsForApproval: false,
  labelPlace: 'Detroit, MI',
  netQuantity: LABEL_SETTINGS.netQuantity,
  shelfLifeDays: LABEL_SETTINGS.shelfLifeDays,
}

export type { SeedData }
