'use client'


/** The last-resort fallback when even the site's layout fails; it brings its own document. */
export default function GlobalError({ error }: { error: Error & { statusText?: string } }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '4rem 1.5rem', color: '#2f1544' }}>
        <h1>Unexpected Application Error!</h1>
        <p>{error.statusText || error.message}</p>
        <p>
          <a href="/">Back to home</a>
        </p>
      </body>
    </html>
  )
}
