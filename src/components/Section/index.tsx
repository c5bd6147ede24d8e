import type { ReactNode } from 'react'

const classes = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ')

/** A section's heading: the public pages' one heading style, linked to its section by `id`. */
export function SectionHeading({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <h2 id={id} className={classes('section-title', className)}>
      {children}
    </h2>
  )
}

type SectionProps = {
  /** Names the heading `<id>-heading`, which labels the section. */
  id?: string
  heading?: ReactNode
  headingClassName?: string
  /** The id of a heading placed further inside (a `SectionHeading` in a column of its own). */
  labelledBy?: string
  /** The section's label when it has no heading. */
  label?: string
  /** Added to the section's spacing (`section`): its background, its top padding. */
  className?: string
  /** Added to the page-wide container: its width, its alignment, its grid. */
  containerClassName?: string
  children?: ReactNode
}

/** One band of a public page: its background, the page-wide container, and its heading. */
export function Section({ id, heading, headingClassName, labelledBy, label, className, containerClassName, children }: SectionProps) {
  const headingId = heading !== undefined && id ? `${id}-heading` : undefined
  const labelId = headingId ?? labelledBy
  return (
    <section className={classes('section', className)} aria-labelledby={labelId} aria-label={labelId ? undefined : label}>
      <div className={classes('container-page', containerClassName)}>
        {heading !== undefined && (
          <SectionHeading id={headingId} className={headingClassName}>
            {heading}
          </SectionHeading>
        )}
        {children}
      </div>
    </section>
  )
}
