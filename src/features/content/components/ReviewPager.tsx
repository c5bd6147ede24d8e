
import { pagedPath } from '@/features/content/routes.mjs'

const REVIEWS_PATH = '/reviews'

/**
 * The links between the pages of reviews: plain links, so they work without JavaScript, and each
 * page is a cached page of its own. Not prefetched: most visitors read the first page only.
 */
export function ReviewPager({ page, hasNextPage }: { page: number; hasNextPage: boolean }) {
  if (page === 1 && !hasNextPage) return null
  return (
    <nav aria-label="Review pages" className="mt-8 flex flex-wrap items-center gap-4">
      {page > 1 && (
        <a href={pagedPath(REVIEWS_PATH, page - 1)} className="btn-secondary" rel="prev">
          Newer reviews
        </a>
      )}
      {hasNextPage && (
        <a href={pagedPath(REVIEWS_PATH, page + 1)} className="btn-primary ml-auto" rel="next">
          More reviews
        </a>
      )}
    </nav>
  )
}
