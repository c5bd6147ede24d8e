// The daily screen's only script of its own: its service worker (sw.js) keeps the last Today list and Run pages
// readable offline. The scope is /seller itself, not /seller/ (next.config.mjs allows it).
if ('serviceWorker' in navigator) navigator.serviceWorker.register('/seller/sw.js', { scope: '/seller' })

// On a narrow phone the top bar's tabs scroll sideways (seller.css): the current one is brought into
// view rather than left cut off at the edge.
document.querySelector('.topbar [aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
