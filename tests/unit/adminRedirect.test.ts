import { NextRequest } from 'next/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { adminElsewhere, proxy } from '@/proxy'

/**
 * The admin asked for at another host than SITE_URL's is sent there (src/proxy.ts). The visitor's
 * host is in the Host header, or X-Forwarded-Host behind the proxy.
 */
const adminRequest = (path: string, headers: Record<string, string>, method = 'GET') => new NextRequest(`http://10.0.0.5:3000${path}`, { method, headers })

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('the admin at another host', () => {
  it('is sent to the same page at SITE_URL, with its query', async () => {
    vi.stubEnv('SITE_URL', 'https://shop.example.com')
    const answer = await proxy(adminRequest('/admin/collections/faqs?limit=10', { host: '10.0.0.5:3000' }))
    expect(answer.status).toBe(307)
    expect(answer.headers.get('location')).toBe('https://shop.example.com/admin/collections/faqs?limit=10')
    expect(adminElsewhere(adminRequest('/admin', { host: 'old-name.example.com', 'x-forwarded-host': 'www.shop.example.com' }))?.href).toBe('https://shop.example.com/admin')
  })

  it("sends the seller's daily screen there too: its buttons save only from SITE_URL's origin", () => {
    vi.stubEnv('SITE_URL', 'https://shop.example.com')
    expect(adminElsewhere(adminRequest('/seller/new?page=2', { host: '10.0.0.5:3000' }))?.href).toBe('https://shop.example.com/seller/new?page=2')
    expect(adminElsewhere(adminRequest('/seller', { host: 'shop.example.com' }))).toBeNull()
    expect(adminElsewhere(adminRequest('/sellers', { host: '10.0.0.5:3000' }))).toBeNull()
  })

  it('is left alone at SITE_URL, for a save, outside the admin, and without SITE_URL', () => {
    vi.stubEnv('SITE_URL', 'https://shop.example.com')
    expect(adminElsewhere(adminRequest('/admin', { host: '10.0.0.5:3000', 'x-forwarded-host': 'shop.example.com' }))).toBeNull()
    expect(adminElsewhere(adminRequest('/admin/collections/faqs/1', { host: '10.0.0.5:3000' }, 'POST'))).toBeNull()
    expect(adminElsewhere(adminRequest('/administrator', { host: '10.0.0.5:3000' }))).toBeNull()
    vi.stubEnv('SITE_URL', '')
    expect(adminElsewhere(adminRequest('/admin', { host: '10.0.0.5:3000' }))).toBeNull()
  })

  it("is not redirected when SITE_URL is this machine's own address on the port: Next would make that redirect relative, a loop", () => {
    vi.stubEnv('PORT', '4100')
    for (const site of ['http://127.0.0.1:4100', 'http://localhost:4100', 'http://[::1]:4100']) {
      vi.stubEnv('SITE_URL', site)
      expect(adminElsewhere(adminRequest('/admin', { host: 'seller-laptop.test:4100' }))).toBeNull()
    }
    vi.stubEnv('SITE_URL', 'http://127.0.0.1:4200')
    expect(adminElsewhere(adminRequest('/admin', { host: 'seller-laptop.test:4100' }))?.href).toBe('http://127.0.0.1:4200/admin')
  })
})
