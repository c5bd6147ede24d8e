import { LeafIcon } from '@/components/Icons'

type Card = { id?: string | null; title: string; description: string }

/** `headingLevel` keeps the page outline in order: 2 when the grid is the page's first section. */
export function CardGrid({
  cards,
  columns = 3,
  headingLevel = 3,
}: {
  cards: Card[] | null | undefined
  columns?: 2 | 3 | 4
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const grid = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' }[columns]
  return (
    <ul className={`grid gap-5 ${grid}`}>
      {cards?.map((card) => (
        <li key={card.id ?? card.title} className="card">
          <span className="inline-flex size-11 items-center justify-center rounded-2xl bg-sea-50 text-sea-700">
            <LeafIcon width={22} height={22} />
          </span>
          <Heading className="mt-4 text-xl font-semibold">{card.title}</Heading>
          <p className="mt-2 leading-7 text-plum-900/80">{card.description}</p>
        </li>
      ))}
    </ul>
  )
}
