#!/usr/bin/env node
// Saves full-page screenshots of the public pages at phone and desktop sizes, for looking at them.
//   node scripts/screenshots.mjs [baseURL] [outDir] [paths...]
import fs from 'node:fs'
import path from 'node:path'

import { chromium } from '@playwright/test'

const [baseURL = 'http://localhost:3000', outDir = 'screenshots', ...requested] = process.argv.slice(2)
const paths = requested.length ? requested : ['/', '/benefits', '/about', '/reviews', '/order', '/faq', '/contact', '/missing-page']
const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } }

fs.mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
for (const [size, viewport] of Object.entries(sizes)) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 })
  for (const pagePath of paths) {
    await page.goto(new URL(pagePath, baseURL).toString(), { waitUntil: 'networkidle' })
    const name = pagePath === '/' ? 'home' : pagePath.slice(1).replace(/\W+/g, '-')
    const file = path.join(outDir, `${name}-${size}.png`)
    await page.screenshot({ path: file, fullPage: true })
    console.log(file)
  }
  await page.close()
}
await browser.close()
