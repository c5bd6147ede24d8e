import { afterEach, describe, expect, it, vi } from 'vitest'

import { clearSavedDiscount, readSavedDiscount, saveDiscount, SAVED_DISCOUNT_KEYS, subscribeSavedDiscount } from '@/features/discounts/savedDiscount'

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  }
}

function fakeWindow(localStorage: () => Storage) {
  vi.stubGlobal('window', {
    get localStorage() {
      return localStorage()
    },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('saved discount in browser storage', () => {
  it('saves, reads and clears the code and e-mail under its two keys', () => {
    const storage = memoryStorage()
    fakeWindow(() => storage)
    const listener = vi.fn()
    const unsubscribe = subscribeSavedDiscount(listener)

    saveDiscount({ code: 'HC25123456', email: 'dana@example.com' })
    expect(storage.getItem(SAVED_DISCOUNT_KEYS.code)).toBe('HC25123456')
    expect(storage.getItem(SAVED_DISCOUNT_KEYS.email)).toBe('dana@example.com')
    const first = readSavedDiscount()
    expect(first).toEqual({ code: 'HC25123456', email: 'dana@example.com' })
    // The same object while nothing changed, as useSyncExternalStore needs.
    expect(readSavedDiscount()).toBe(first)

    clearSavedDiscount()
    expect(readSavedDiscount()).toEqual({ code: null, email: null })
    expect(storage.length).toBe(0)
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
  })

  it('has no saved discount on the server', () => {
    expect(readSavedDiscount()).toEqual({ code: null, email: null })
    expect(() => clearSavedDiscount()).not.toThrow()
  })

  it('works on when storage is blocked', () => {
    fakeWindow(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    })
    expect(() => saveDiscount({ code: 'HC25123456', email: 'dana@example.com' })).not.toThrow()
    expect(readSavedDiscount()).toEqual({ code: null, email: null })
  })

  it('works on when storage is full', () => {
    const storage = memoryStorage()
    storage.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError')
    }
    fakeWindow(() => storage)
    expect(() => saveDiscount({ code: 'HC25123456', email: 'dana@example.com' })).not.toThrow()
    expect(readSavedDiscount().code).toBeNull()
  })
})
