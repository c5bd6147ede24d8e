import 'server-only'

import { Forbidden, type PayloadRequest, type Where } from 'payload'

import { phoneForLinks } from '@/features/contact/contactLinks'
import type { Order } from '@/payload-types'

export type CustomerOrder = Pick<Order, 'id' | 'fullName' | 'email' | 'phone' | 'totalPrice' | 'status' | 'createdAt'>

export type Customer = {
  /** Stable while the customer's first order stays: for React keys and test ids. */
  key: string
  /** Name, e-mail and phone of the newest order. */
  name: string
  /** Empty when no order of theirs has one (orders entered by hand may not). */
  email: string
  phone: string
  /** Every name, e-mail and phone as stored on the orders: for the search and the link to the orders. */
  names: string[]
  emails: string[]
  phones: string[]
  /** Orders not cancelled, and what they came to. */
  orders: number
  totalSpent: number
  cancelled: number
  firstOrderAt: string
  lastOrderAt: string
  /** On the e-mail list (an `email-captures` entry) under one of the customer's addresses. */
  subscribed: boolean
}

/** An e-mail address as the e-mail list stores it (lower-cased), so case never splits a customer. */
export const emailKey = (email: string) => email.trim().toLowerCase()

/** A phone number as one string of digits, '+1' for US numbers: "(313) 555-0100" and "313.555.0100" are one phone. */
export const phoneKey = (phone: string) => {
  const digits = phoneForLinks(phone)
  // Too short to be anyone's number: it would join strangers.
  return digits.replace(/\D/g, '').length >= 7 ? digits : ''
}

const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((value): value is string => Boolean(value)))]

/**
 * The seller's customers from their orders. Orders with the same e-mail (whatever its case) are
 * one customer, and so are orders with the same phone number: someone who ordered once with a work
 * address and once with a home address, from the same phone, is one customer. Newest order first
 * in each customer's details; customers with the newest order first.
 */
export function groupCustomers(orders: readonly CustomerOrder[], subscriberEmails: Iterable<string>): Customer[] {
  // Union-find over the orders: each shared e-mail or phone joins two groups into one.
  const parent = orders.map((_, index) => index)
  const root = (index: number): number => {
    while (parent[index] !== index) index = parent[index] = parent[parent[index]]
    return index
  }
  const firstWith = new Map<string, number>()
  orders.forEach((order, index) => {
    for (const key of [`email:${emailKey(order.email ?? '')}`, `phone:${phoneKey(order.phone ?? '')}`]) {
      if (key.endsWith(':')) continue
      const first = firstWith.get(key)
      if (first === undefined) firstWith.set(key, index)
      else parent[root(index)] = root(first)
    }
  })

  const groups = new Map<number, CustomerOrder[]>()
  orders.forEach((order, index) => groups.set(root(index), [...(groups.get(root(index)) ?? []), order]))

  const subscribed = new Set([...subscriberEmails].map(emailKey))
  const time = (order: CustomerOrder) => new Date(order.createdAt).getTime()
  const customers = [...groups.values()].map((group): Customer => {
    const newestFirst = [...group].sort((a, b) => time(b) - time(a))
    const [newest, oldest] = [newestFirst[0], newestFirst[newestFirst.length - 1]]
    const kept = group.filter((order) => order.status !== 'cancelled')
    const emails = distinct(newestFirst.map((order) => order.email))
    return {
      key: `customer-${oldest.id}`,
      name: newest.fullName,
      email: newestFirst.find((order) => order.email)?.email ?? '',
      phone: newest.phone,
      names: distinct(newestFirst.map((order) => order.fullName)),
      emails,
      phones: distinct(newestFirst.map((order) => order.phone)),
      orders: kept.length,
      totalSpent: kept.reduce((sum, order) => sum + (order.totalPrice ?? 0), 0),
      cancelled: group.length - kept.length,
      firstOrderAt: oldest.createdAt,
      lastOrderAt: newest.createdAt,
      subscribed: emails.some((email) => subscribed.has(emailKey(email))),
    }
  })
  return customers.sort((a, b) => new Date(b.lastOrderAt).getTime() - new Date(a.lastOrderAt).getTime())
}

/**
 * The customers a search names: any of their names or e-mails contains the words as typed (any
 * case), or, when the search holds at least three digits, any of their phones holds those digits.
 */
export function searchCustomers(customers: readonly Customer[], search: string): Customer[] {
  const text = search.trim().toLowerCase()
  if (!text) return [...customers]
  const digits = text.replace(/\D/g, '')
  return customers.filter(
    (customer) =>
      [...customer.names, ...customer.emails].some((value) => value.toLowerCase().includes(text)) ||
      (digits.length >= 3 && customer.phones.some((phone) => phone.replace(/\D/g, '').includes(digits))),
  )
}

/** The orders list filter that shows one customer's orders: any of their e-mails or phones, as stored. */
export function customerOrdersWhere(customer: Pick<Customer, 'emails' | 'phones'>): Where {
  return { or: [...customer.emails.map((email) => ({ email: { equals: email } })), ...customer.phones.map((phone) => ({ phone: { equals: phone } }))] }
}

/**
 * The customers for the admin's Customers view, read with the signed-in admin's own access: no
 * user, no data (the view sends visitors to the login page before this; this is the second lock).
 */
export async function findCustomers(req: Pick<PayloadRequest, 'payload' | 'user'>, search = ''): Promise<Customer[]> {
  if (!req.user) throw new Forbidden()
  const { payload, user } = req
  const [orders, subscribers] = await Promise.all([
    payload.find({
      collection: 'orders',
      select: { fullName: true, email: true, phone: true, totalPrice: true, status: true, createdAt: true },
      pagination: false,
      depth: 0,
      overrideAccess: false,
      user,
    }),
    payload.find({ collection: 'email-captures', select: { email: true }, pagination: false, depth: 0, overrideAccess: false, user }),
  ])
  return searchCustomers(
    groupCustomers(
      orders.docs,
      subscribers.docs.map((subscriber) => subscriber.email),
    ),
    search,
  )
}
