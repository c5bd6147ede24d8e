import type { AppProps } from 'next/app'

// The Pages Router takes global stylesheets only here: the daily screen's, its one stylesheet.
import '@/features/seller/seller.css'

export default function SellerApp({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />
}
