import { describe, expect, it } from 'vitest'

import { parseOrderForm } from '@/features/ordering/schema'

import { launchFlavors, validOrderForm as validForm } from '../helpers/orders'

function messageFor(values: Record<string, string>) {
  const result = parseOrderForm(values, launchFlavors)
  return result.ok ? null : result.message
}

describe('order form rules', () => {
  it('accepts a complete order and normalises it', () => {
    const result = parseOrderForm({ ...validForm, discountCode: ' hc25123456 ', instagram: '@dana' }, launchFlavors)
    expect(result).toEqual({
      ok: true,
      order: {
        quantity: 3,
        flavors: ['mixed-berry', 'peach-ginger', 'pineapple-mango'],
        deliveryMethod: 'delivery',
        fullName: 'Dana Tester',
        email: 'dana@example.com',
        phone: '(313) 555-0100',
        instagram: '@dana',
        address: '1 Main St',
        city: 'detroit',
        zip: '48201',
        notes: undefined,
        consent: true,
        discountCode: 'HC25123456',
        window: undefined,
        refillReminder: false,
      },
    })
  })

  it('ignores anything the form does not have, such as a total', () => {
    const result = parseOrderForm({ ...validForm, totalPrice: '1', discountAmount: '99' }, launchFlavors)
    expect(result.ok && Object.keys(result.order)).not.toContain('totalPrice')
  })

  it.each([
    ['fullName', 'full name'],
    ['email', 'email'],
    ['phone', 'phone number'],
    ['address', 'address'],
    ['city', 'city'],
    ['zip', 'ZIP code'],
  ])('an empty %s gives "Please fill in your %s."', (field, words) => {
    expect(parseOrderForm({ ...validForm, [field]: '  ' }, launchFlavors)).toEqual({
      ok: false,
      message: { title: 'Missing Information', description: `Please fill in your ${words}.` },
      field,
    })
  })

  it('asks for the delivery method, then the consent, with the spec texts', () => {
    expect(messageFor({ ...validForm, deliveryMethod: '' })).toEqual({ title: 'Delivery Method Required', description: 'Please select pickup or delivery.' })
    expect(messageFor({ ...validForm, consent: '' })).toEqual({ title: 'Consent Required', description: 'Please agree to be contacted about your order.' })
  })

  it('wants a flavor for each jar of the package, and only for those', () => {
    expect(parseOrderForm({ ...validForm, flavor2: '' }, launchFlavors)).toMatchObject({ ok: false, message: { title: 'Flavor Required', description: 'Please choose a flavor for jar 2.' }, field: 'flavor2' })
    expect(messageFor({ ...validForm, quantity: '1', flavor2: '', flavor3: '' })).toBeNull()
    expect(messageFor({ ...validForm, quantity: '1', flavor1: '' })).toEqual({ title: 'Flavor Required', description: 'Please choose a flavor.' })
    expect(messageFor({ ...validForm, quantity: '6' })?.description).toBe('Please choose a flavor for jar 4.')
    expect(messageFor({ ...validForm, flavor1: 'chocolate' })?.title).toBe('Flavor Required')
  })

  it('reports the first problem in the spec order: fields, method, consent, flavors, then formats', () => {
    const everythingWrong = { ...validForm, email: 'not-an-address', zip: '', deliveryMethod: '', consent: '', flavor1: '' }
    expect(messageFor(everythingWrong)?.description).toBe('Please fill in your ZIP code.')
    expect(messageFor({ ...everythingWrong, zip: '48201' })?.title).toBe('Delivery Method Required')
    expect(messageFor({ ...everythingWrong, zip: '48201', deliveryMethod: 'pickup' })?.title).toBe('Consent Required')
    expect(messageFor({ ...everythingWrong, zip: '48201', deliveryMethod: 'pickup', consent: 'on' })?.title).toBe('Flavor Required')
    expect(messageFor({ ...everythingWrong, zip: '48201', deliveryMethod: 'pickup', consent: 'on', flavor1: 'mixed-berry' })?.title).toBe('Invalid Email')
  })

  it('checks e-mail, phone and ZIP formats', () => {
    expect(messageFor({ ...validForm, email: 'dana@' })).toEqual({ title: 'Invalid Email', description: 'Please enter a valid email address.' })
    expect(messageFor({ ...validForm, phone: '555-0100' })?.title).toBe('Invalid Phone Number')
    expect(messageFor({ ...validForm, zip: '4820' })?.title).toBe('Invalid ZIP Code')
    expect(messageFor({ ...validForm, zip: '48201-1234' })).toBeNull()
  })

  it('limits the length of every text', () => {
    expect(messageFor({ ...validForm, fullName: 'x'.repeat(101) })?.title).toBe('Too Long')
    expect(messageFor({ ...validForm, address: 'x'.repeat(201) })?.title).toBe('Too Long')
    expect(messageFor({ ...validForm, notes: 'x'.repeat(1001) })?.title).toBe('Too Long')
    expect(messageFor({ ...validForm, instagram: 'x'.repeat(61) })?.title).toBe('Too Long')
    expect(messageFor({ ...validForm, discountCode: 'x'.repeat(33) })?.title).toBe('Too Long')
  })

  it('accepts only the packages 1, 3 and 6 and the listed cities and methods', () => {
    expect(messageFor({ ...validForm, quantity: '2' })).toEqual({ title: 'Package Required', description: 'Please choose 1, 3 or 6 jars.' })
    expect(messageFor({ ...validForm, quantity: '' })?.title).toBe('Package Required')
    expect(messageFor({ ...validForm, city: 'chicago' })?.description).toBe('Please fill in your city.')
    expect(messageFor({ ...validForm, deliveryMethod: 'drone' })?.title).toBe('Delivery Method Required')
  })
})
