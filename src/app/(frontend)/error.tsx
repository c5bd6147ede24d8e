'use client'

import { useEffect } from 'react'

/** The fallback when a page fails to render. */
export default function RenderError({ error, reset }: { error: Error & { digest?: string; statusText?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error)
  }, [error])
  return (
    <section className="section" role="alert">
      <div className="container-page max-w-xl py-10 text-center">
        <h1 className="text-4xl font-semibold">Unexpected Application Error!</h1>
        <p className="mt-4 text-lg text-plum-900/80">{error.statusText || error.message}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-primary" onClick={reset}>
            Try again
          </button>
          <a href="/" className="btn-secondary">
            Back to home
          </a>
        </div>
      </div>
    </section>
  )
}
