/**
 * The Customers view's grouping as it was before the database grouped the orders: every order read
 * through Payload and joined in JavaScript. Kept as the reference the aggregate must equal.
 */
import { emailKey, phoneKey } from '@/features/admin/customerKeys'
import { customerSearch, type Customer } from '@/features/admin/customers'
import type { Order } from '@/payload-types'

export type CustomerOrder = Pick<Order, 'id' | 'fullName' | 'email' | 'phone' | 'totalPrice' | 'status' | 'createdAt'>

const distinct = (values: (string | null | undefined)[]) => [...new Set(values.filter((value): value is string => Boolean(value)))]

export function groupCustomersReference(orders: readonly CustomerOrder[], subscriberEmails: Iterable<string>): Customer[] {
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

/** The Customers view's search as it ran in JavaScript over every customer: the reference the stored customers' query must equal. */
export function searchCustomers<T extends Pick<Customer, 'names' | 'emails' | 'phones'>>(customers: readonly T[], search: string): T[] {
  const wanted = customerSearch(search)
  if (!wanted) return [...customers]
  const { text, digits } = wanted
  return customers.filter(
    (customer) =>
      [...customer.names, ...customer.emails].some((value) => value.toLowerCase().includes(text)) ||
      (digits !== null && customer.phones.some((phone) => phone.replace(/\D/g, '').includes(digits))),
  )
}
