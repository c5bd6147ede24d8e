// Lighthouse with its default mobile settings (a mid-range phone on a slow 4G network) in Debian's
// Chromium, and the gzip size of the JavaScript each page loads.
import http from 'node:http'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

import { median } from './server.mjs'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/**
 * Each page `runs` times; the median of each category is what is judged (Lighthouse's own advice
 * for noisy machines), and every run's performance score is kept so the spread shows.
 * `extraHeaders` go with every request (the seller's session cookie for signed-in pages).
 */
export async function lighthousePages(baseUrl, pages, runs, { extraHeaders } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  const results = new Map()
  try {
    // The first navigation of a freshly started Chromium is slow whatever the page, and the first
    // visit of a page has the server resize its photos for a phone (AVIF, seconds of CPU): one
    // uncounted run per page, so that the runs measure what visitors get afterwards.
    const audit = async (page) => {
      const { lhr } = await lighthouse(baseUrl + page, { port: chrome.port, output: 'json', logLevel: 'error', extraHeaders })
      // A page that sent Lighthouse elsewhere (to sign in) would be measured in its place.
      const landed = new URL(lhr.finalDisplayedUrl).pathname
      if (landed !== new URL(baseUrl + page).pathname) throw new Error(`Lighthouse on ${page} ended on ${landed}`)
      return lhr
    }
    for (const page of pages) await audit(page)
    for (const page of pages) {
      const measured = []
      for (let run = 0; run < runs; run++) {
        const lhr = await audit(page)
        const scripts = lhr.audits['network-requests'].details.items.filter((item) => item.resourceType === 'Script')
        const gzipBytes = await Promise.all(scripts.map((item) => compressedSize(item.url)))
        measured.push({
          ...Object.fromEntries(CATEGORIES.map((key) => [key, Math.round((lhr.categories[key]?.score ?? 0) * 100)])),
          jsKb: Math.round(gzipBytes.reduce((sum, bytes) => sum + bytes, 0) / 1024),
          jsWireKb: Math.round(scripts.reduce((sum, item) => sum + (item.transferSize || 0), 0) / 1024),
          lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
          tbtMs: lhr.audits['total-blocking-time'].numericValue,
          mainThreadMs: lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN,
        })
      }
      results.set(page, {
        ...Object.fromEntries(CATEGORIES.map((key) => [key, median(measured.map((run) => run[key]))])),
        performanceRuns: measured.map((run) => run.performance),
        jsKb: Math.max(...measured.map((run) => run.jsKb)),
        jsWireKb: Math.max(...measured.map((run) => run.jsWireKb)),
        lcpMs: median(measured.map((run) => run.lcpMs)),
        tbtMs: median(measured.map((run) => run.tbtMs)),
        mainThreadMs: median(measured.map((run) => run.mainThreadMs)),
      })
    }
  } finally {
    await chrome.kill()
  }
  return results
}

const compressedSizes = new Map()

/**
 * The bytes of a script as the server sends it gzipped, without the HTTP/1.1 headers that
 * Lighthouse's transfer size adds (about 0.4 kB per script here; HTTP/2 behind the TLS proxy
 * compresses them away). Each URL is content-hashed, so it is asked for once.
 */
function compressedSize(url) {
  if (!compressedSizes.has(url)) {
    compressedSizes.set(
      url,
      new Promise((resolve, reject) => {
        http
          .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
            if (response.statusCode !== 200) {
              response.resume()
              reject(new Error(`${url} answered ${response.statusCode}: its size would not be the script's`))
              return
            }
            let bytes = 0
            response.on('data', (chunk) => (bytes += chunk.length))
            response.on('end', () => resolve(bytes))
          })
          .on('error', reject)
      }),
    )
  }
  return compressedSizes.get(url)
}
