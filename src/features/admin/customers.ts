import 'server-only'

import { Forbidden, type PayloadRequest, type Where } from 'payload'

import { subscribedEmailKeys, type CustomerContact } from './aggregates/customerContacts'
import { storedCustomers, storedCustomersFound, type CustomerSearch, type StoredCustomer } from './aggregates/customersPage'
import { emailKey, matchKeys } from './customerKeys'

/** A customer before the e-mail list is asked about them (only the customers shown are). */
export type CustomerTotals = StoredCustomer

export type Customer = CustomerTotals & {
  /** On the e-mail list (an `email-captures` entry) under one of the customer's addresses. */
  subscribed: boolean
}

/** Customers on one page of the Customers view. */
export const CUSTOMERS_PER_PAGE = 50

export type CustomersPage = { customers: Customer[]; found: number; page: number; pages: number }

const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((value): value is string => Boolean(value)))]
const time = (instant: string) => new Date(instant).getTime()

/**
 * The contacts joined into customers (see `customersFromContacts`): orders with the same e-mail
 * (whatever its case) are one customer, and so are orders with the same phone number.
 */
export function groupContacts<Contact extends Pick<CustomerContact, 'customerEmail' | 'customerPhone' | 'firstOrderId'>>(contacts: readonly Contact[]): Contact[][] {
  // Union-find over the contacts: each shared e-mail or phone key joins two groups into one.
  const parent = contacts.map((_, index) => index)
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]]
    return index
  }
  const firstWith = new Map<string, number>()
  contacts.forEach((contact, index) => {
    // A contact without keys has only its own order's: it joins nobody.
    for (const key of matchKeys({ id: contact.firstOrderId, ...contact })) {
      const first = firstWith.get(key)
      if (first === undefined) firstWith.set(key, index)
      else parent[root(index)] = root(first)
    }
  })

  const groups = new Map<number, Contact[]>()
  contacts.forEach((contact, index) => {
    const group = groups.get(root(index))
    if (group) group.push(contact)
    else groups.set(root(index), [contact])
  })
  return [...groups.values()]
}

/** One customer's totals from the contacts `groupContacts` joined. */
export function customerFromGroup(group: readonly CustomerContact[]): CustomerTotals {
  const newestFirst = [...group].sort((a, b) => time(b.lastOrderAt) - time(a.lastOrderAt))
  const newest = newestFirst[0]
  const oldest = group.reduce((first, contact) => (time(contact.firstOrderAt) < time(first.firstOrderAt) ? contact : first))
  const sum = (count: (contact: CustomerContact) => number) => group.reduce((total, contact) => total + count(contact), 0)
  return {
    key: `customer-${oldest.firstOrderId}`,
    name: newest.fullName,
    email: newestFirst.find((contact) => contact.email)?.email ?? '',
    phone: newest.phone,
    names: distinct(newestFirst.map((contact) => contact.fullName)),
    emails: distinct(newestFirst.map((contact) => contact.email)),
    phones: distinct(newestFirst.map((contact) => contact.phone)),
    orders: sum((contact) => contact.orders),
    totalSpent: sum((contact) => contact.totalSpent),
    cancelled: sum((contact) => contact.cancelled),
    firstOrderAt: oldest.firstOrderAt,
    lastOrderAt: newest.lastOrderAt,
  }
}

/**
 * The customer `customerFromGroup` makes once `contact`, one new order of theirs, joins their
 * group, worked out from the customer alone: possible when the order is newer than every order of
 * theirs (later than `lastOrderAt`), as a new order almost always is. Its name and phone are then
 * the newest, its name, e-mail and phone come first in the lists, and it counts in the sums. An
 * order dated earlier changes what is newest elsewhere in the lists: undefined, and the customer
 * is made again from the group.
 */
export function customerWithNewestOrder(customer: CustomerTotals, contact: CustomerContact): CustomerTotals | undefined {
  if (time(contact.lastOrderAt) <= time(customer.lastOrderAt)) return undefined
  return {
    ...customer,
    name: contact.fullName,
    email: contact.email || customer.email,
    phone: contact.phone,
    names: distinct([contact.fullName, ...customer.names]),
    emails: distinct([contact.email, ...customer.emails]),
    phones: distinct([contact.phone, ...customer.phones]),
    orders: customer.orders + contact.orders,
    totalSpent: customer.totalSpent + contact.totalSpent,
    cancelled: customer.cancelled + contact.cancelled,
    lastOrderAt: contact.lastOrderAt,
  }
}

/** The customers with the newest order first: the order of the Customers view. */
export const newestCustomerFirst = (a: Pick<Customer, 'key' | 'lastOrderAt'>, b: Pick<Customer, 'key' | 'lastOrderAt'>) =>
  time(b.lastOrderAt) - time(a.lastOrderAt) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)

/**
 * The seller's customers from their orders, grouped by the database into contacts (see
 * `customerContacts`). Orders with the same e-mail (whatever its case) are one customer, and so
 * are orders with the same phone number: someone who ordered once with a work address and once
 * with a home address, from the same phone, is one customer. Customers with the newest order first.
 * What the stored customers (`customerRecords.ts`) are kept equal to, order by order.
 */
export function customersFromContacts(contacts: readonly CustomerContact[]): CustomerTotals[] {
  return groupContacts(contacts).map(customerFromGroup).sort(newestCustomerFirst)
}

/** The orders list filter that shows one customer's orders: any of their e-mails or phones, as stored. */
export function customerOrdersWhere(customer: Pick<Customer, 'emails' | 'phones'>): Where {
  return { or: [...customer.emails.map((email) => ({ email: { equals: email } })), ...customer.phones.map((phone) => ({ phone: { equals: phone } }))] }
}

/**
 * The search as the stored customers are asked for it (`aggregates/customersPage.ts`): any of their
 * names or e-mails contains the words as typed (any case), or, when the search holds at least three
 * digits, any of their phones holds those digits.
 */
export function customerSearch(search: string): CustomerSearch {
  const text = search.trim().toLowerCase()
  if (!text) return null
  const digits = text.replace(/\D/g, '')
  return { text, digits: digits.length >= 3 ? digits : null }
}

/**
 * One page of the customers for the admin's Customers view, for the signed-in admin only: no user,
 * no data (the view sends visitors to the login page before this; this is the second lock). The
 * stored customers (`customerRecords.ts`) are counted and paged by the database, the search in the
 * query, and the e-mail list is asked about the customers on the page only. A page past the last
 * shows the last.
 */
export async function findCustomers(req: Pick<PayloadRequest, 'payload' | 'user'>, { search = '', page = 1 }: { search?: string; page?: number } = {}): Promise<CustomersPage> {
  if (!req.user) throw new Forbidden()
  const wanted = customerSearch(search)
  const found = await storedCustomersFound(req.payload, wanted)
  const pages = Math.max(1, Math.ceil(found / CUSTOMERS_PER_PAGE))
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages)
  const shown = await storedCustomers(req.payload, wanted, { offset: (current - 1) * CUSTOMERS_PER_PAGE, limit: CUSTOMERS_PER_PAGE })
  const subscribed = await subscribedEmailKeys(req.payload, distinct(shown.flatMap((customer) => customer.emails.map(emailKey))))
  return {
    customers: shown.map((customer) => ({ ...customer, subscribed: customer.emails.some((email) => subscribed.has(emailKey(email))) })),
    found,
    page: current,
    pages,
  }
}
