import 'server-only'

import { ValidationError, type CollectionBeforeOperationHook, type CollectionBeforeValidateHook } from 'payload'

import { COMMON_LONG_PASSWORDS } from './commonPasswords'

/** The password rules of the seller's admin accounts: for a new account, a change and a reset. */

const USERS = 'users'

export const MIN_PASSWORD_LENGTH = 12

export const passwordRules = {
  tooShort: `Use at least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a password that is long and easy to remember.`,
  common: 'This is one of the most used passwords, which attackers try first. Choose another one.',
  repeated: 'This password repeats one short part over and over. Choose another one.',
} as const

/** Why a new password is refused, or null when it is fine. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return passwordRules.tooShort
  const folded = password.trim().toLowerCase()
  if (COMMON_LONG_PASSWORDS.has(folded)) return passwordRules.common
  // `aaaaaaaaaaaa`, `abcabcabcabc`, `passwordpassword`: long, but one guess away from short.
  if (/^(.{1,8}?)\1+$/s.test(folded)) return passwordRules.repeated
  return null
}

function refusePassword(message: string): ValidationError {
  return new ValidationError({ collection: USERS, errors: [{ message, path: 'password' }] })
}

/** Creating an admin, or changing a password in the admin or through the API. */
export const enforcePasswordPolicy: CollectionBeforeValidateHook = ({ data }) => {
  const password: unknown = data?.password
  if (typeof password !== 'string' || password === '') return data
  const problem = passwordProblem(password)
  if (problem) throw refusePassword(problem)
  return data
}

/** A password reset (`POST /api/users/reset-password`) sets a password without a validate step: checked here. */
export const enforcePasswordPolicyOnReset: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'resetPassword') return args
  const password: unknown = args.data?.password
  const problem = typeof password === 'string' ? passwordProblem(password) : null
  if (problem) throw refusePassword(problem)
  return args
}
