import { RATING } from '@/features/reviews/rules'
import type { HomePage } from '@/payload-types'

import { Stars } from './Stars'

export function Testimonials({ items }: { items: HomePage['testimonials'] }) {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {items?.map((item) => (
        <li key={item.id ?? item.name} className="card flex flex-col">
          <Stars rating={RATING.max} />
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
