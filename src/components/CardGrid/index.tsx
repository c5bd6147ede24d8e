import { LeafIcon } from '@/components/Icons'

type Card = { id?: string | null; title: string; description: string }

export function CardGrid({ cards, columns = 3 }: { cards: Card[] | null | undefined; columns?: 2 | 3 | 4 }) {
  const grid = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[columns]
  return (
    <ul className={`grid gap-5 ${grid}`}>
      {cards?.map((card) => (
        <li key={card.id ?? card.title} className="card">
          <span className="inline-flex size-11 items-center justify-center rounded-2xl bg-sea-50 text-sea-700">
            <LeafIcon width={22} height={22} />
          </span>
          <h3 className="mt-4 text-xl font-semibold">{card.title}</h3>
          <p className="mt-2 leading-7 text-plum-900/80">{card.description}</p>
        </li>
      ))}
    </ul>
  )
}
