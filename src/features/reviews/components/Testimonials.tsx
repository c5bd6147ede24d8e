import { StarIcon } from '@/components/Icons'
import type { HomePage } from '@/payload-types'

export function Testimonials({ items }: { items: HomePage['testimonials'] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {items?.map((item) => (
        <li key={item.id ?? item.name} className="card flex flex-col">
          <div className="flex text-amber-500" role="img" aria-label="5 out of 5 stars">
            {[1, 2, 3, 4, 5].map((star) => (
              <StarIcon key={star} width={18} height={18} />
            ))}
          </div>
          <blockquote className="mt-4 flex-1 leading-7 text-plum-900/85">“{item.quote}”</blockquote>
          <p className="mt-4 font-semibold">
            {item.name}
            {item.location && <span className="font-normal text-plum-900/70"> · {item.location}</span>}
          </p>
        </li>
      ))}
    </ul>
  )
}
