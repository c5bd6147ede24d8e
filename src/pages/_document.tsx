import { Head, Html, Main, NextScript } from 'next/document'

/**
 * The document of the Pages Router's pages: the seller's daily screen only (`pages/seller`), kept in
 * this router because a page here can go without any of Next's and React's script
 * (`unstable_runtimeJS: false`), which an App Router page always loads. The site and the admin are
 * in `app/`.
 */
export default function SellerDocument() {
  return (
    <Html lang="en">
      <Head />
      {/* The class is where the service worker (public/seller/sw.js) marks a list shown offline. */}
      <body className="seller">
        <Main />
        <NextScript />
        {/* The daily screen's own script: it registers the service worker that keeps Today offline. */}
        <script src="/seller/offline.js" async />
      </body>
    </Html>
  )
}
