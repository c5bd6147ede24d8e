import type { ReactNode } from 'react'

export function PageHero({ title, description, children }: { title: string; description?: string | null; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-plum-100 to-sand-50">
      <div className="container-page py-14 text-center sm:py-20">
        <h1 className="text-4xl font-semibold sm:text-5xl">{title}</h1>
        {description && <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-plum-900/80">{description}</p>}
        {children}
      </div>
    </section>
  )
}
