// The daily screen's only script of its own: its service worker (sw.js) keeps the last Today list and Run pages
// readable offline. The scope is /seller itself, not /seller/ (next.config.mjs allows it).
if ('serviceWorker' in navigator) navigator.serviceWorker.register('/seller/sw.js', { scope: '/seller' })

// On a narrow phone the top bar's tabs scroll sideways (seller.css): the bar is scrolled so that the
// current tab shows whole rather than cut off at the edge. (Not scrollIntoView: Chrome would then
// start the keyboard's Tab from that tab, past the ones before it.)
{
  const currentTab = document.querySelector('.topbar [aria-current="page"]')
  const bar = currentTab?.parentElement
  const hidden = bar ? currentTab.getBoundingClientRect().right - bar.getBoundingClientRect().right : 0
  if (hidden > 0) bar.scrollLeft += Math.ceil(hidden)
}
