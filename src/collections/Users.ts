import type { CollectionConfig } from 'payload'

import { adminOnly } from '@/access/adminOnly'
import { adminCookieIsSecure } from '@/features/admin/auth/adminCookie'
import { enforcePasswordPolicy, enforcePasswordPolicyOnReset, MIN_PASSWORD_LENGTH } from '@/features/admin/auth/passwordPolicy'
import { forgotPasswordEndpoint, RESET_LINK_LIFETIME_MS } from '@/features/admin/auth/passwordReset'
import { clearLockoutAfterRecovery, countWrongPassword, forgetMissesOnLogin, guardSignIn, showRefusalWhole } from '@/features/admin/auth/signInLockout'
import { verificationOffEndpoint } from '@/features/admin/auth/verificationOff'
import { forgetDevicesOfUser } from '@/features/seller/push/subscriptions'
import { forgetDeviceDataOnSignOut } from '@/features/seller/signOut'

/** The seller's admin accounts. Their rules (lockout, passwords, reset e-mail) live in features/admin/auth/. */
export const Users: CollectionConfig = {
  slug: 'users',
  labels: { singular: 'Admin', plural: 'Admins' },
  admin: {
    group: 'Admin',
    useAsTitle: 'email',
    defaultColumns: ['name', 'email', 'updatedAt'],
    description: `Passwords need at least ${MIN_PASSWORD_LENGTH} characters and must not be a commonly used one.`,
  },
  auth: {
    // Off: Payload's lockout locks the account for everyone, so a stranger could keep the owner out.
    // auth/signInLockout.ts locks per (address, account) instead.
    maxLoginAttempts: 0,
    tokenExpiration: 7 * 24 * 60 * 60,
    cookies: { secure: adminCookieIsSecure() },
    forgotPassword: {
      expiration: RESET_LINK_LIFETIME_MS,
      // Off: Payload marks this interval outside the operation's own transaction, which on SQLite
      // waits for that transaction's lock (see forgotPasswordEndpoint). Links are limited per account.
      minRequestInterval: 0,
    },
  },
  endpoints: [forgotPasswordEndpoint, verificationOffEndpoint],
  hooks: {
    beforeOperation: [guardSignIn, enforcePasswordPolicyOnReset],
    beforeValidate: [enforcePasswordPolicy],
    afterError: [countWrongPassword, showRefusalWhole],
    afterLogin: [forgetMissesOnLogin],
    afterLogout: [forgetDeviceDataOnSignOut],
    afterOperation: [clearLockoutAfterRecovery],
    beforeDelete: [forgetDevicesOfUser],
  },
  access: {
    admin: ({ req: { user } }) => Boolean(user),
    read: adminOnly,
    create: adminOnly,
    update: adminOnly,
    delete: adminOnly,
  },
  fields: [{ name: 'name', type: 'text', label: 'Name' }],
}
