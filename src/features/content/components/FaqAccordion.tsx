import { ChevronIcon } from '@/components/Icons'

type FaqItem = { id: number | string; question: string; answer: string }

/**
 * Native exclusive accordion: `<details>` elements sharing a `name` keep one open at a time,
 * are keyboard operable, and need no JavaScript.
 */
export function FaqAccordion({ faqs }: { faqs: FaqItem[] }) {
  return (
    <div className="divide-y divide-plum-100 overflow-hidden rounded-3xl border border-plum-100 bg-white">
      {faqs.map((faq) => (
        <details key={faq.id} name="faq" className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-5 text-left text-lg font-semibold hover:bg-plum-50 [&::-webkit-details-marker]:hidden">
            <span>{faq.question}</span>
            <ChevronIcon className="shrink-0 text-plum-600 transition-transform group-open:rotate-180" />
          </summary>
          <p className="px-6 pb-6 leading-7 whitespace-pre-line text-plum-900/80">{faq.answer}</p>
        </details>
      ))}
    </div>
  )
}
