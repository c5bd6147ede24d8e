import { loginToAdmin, test } from './fixtures'
test('scratch', async ({ page }) => {
  await loginToAdmin(page)
  await page.goto('/admin/labels?madeOn=2026-12-05&sheet=thermal-4x6&count-peach-ginger=2')
  await page.emulateMedia({ media: 'print' })
  const out = await page.evaluate(() => {
    const res: string[] = []
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect(); const cs = getComputedStyle(el)
      if (cs.display === 'none') continue
      if (el.closest('.jar-labels')) continue
      if (r.height > 0 || cs.position === 'fixed') res.push(`${el.tagName}.${el.className} ${Math.round(r.top)} ${Math.round(r.height)} ${cs.position}`)
    }
    return res.slice(0, 40)
  })
  console.log(out.join('\n'))
})
