
export const metadata = { title: 'Page not found', robots: { index: false } }

export default function NotFound() {
  return (
    <section className="section">
      {/* Logs the address the visitor tried in their browser's console, as the specification's
          original did: the page is cached once for every unknown address, so the server never
          sees which one it was. A file, because React runs an async script wherever it renders it. */}
      <script async src="/not-found-log.js" />
      <div className="container-page max-w-xl py-10 text-center">
        <p aria-hidden className="font-display text-7xl font-semibold text-plum-600">
          404
        </p>
        <h1 className="mt-4 text-4xl font-semibold">Oops! Page not found</h1>
        <p className="mt-4 text-lg text-plum-900/80">The page you are looking for does not exist or has moved.</p>
        <a href="/" className="btn-primary mt-8">
          Back to home
        </a>
      </div>
    </section>
  )
}
