import type { UIFieldServerProps } from 'payload'

import { nextBatchPanel } from '@/features/admin/nextBatch'
import { weeklyFigure } from '@/features/admin/nextBatchRules'

import './AdminKit.scss'
import './NextBatch.scss'

/**
 * Below a batch's fields: its jar labels to print (once saved), and what to make next, per flavor
 * on offer, with how it was computed. It changes nothing; the seller enters a new batch's jars.
 */
export async function NextBatch({ id, payload, req }: UIFieldServerProps) {
  const { suggestion, labelsUrl } = await nextBatchPanel(payload, id, req)
  return (
    <section className="next-batch" data-testid="next-batch">
      <div className="next-batch__labels">
        {labelsUrl ? (
          <>
            <a className="admin-button next-batch__print" href={labelsUrl}>
              Print jar labels
            </a>
            <p className="next-batch__hint">A label for each jar made of each flavor, with this batch’s dates and code, as saved.</p>
          </>
        ) : (
          <p className="next-batch__hint">Save the batch to print its jar labels.</p>
        )}
      </div>

      <h3 className="next-batch__title">What to make next</h3>
      {suggestion.flavors.length === 0 ? (
        <p>No flavor is on offer: tick “Available” on a flavor in Shop → Flavors.</p>
      ) : (
        <table className="admin-table next-batch__table" data-testid="next-batch-suggestion">
          <thead>
            <tr>
              <th scope="col">Flavor</th>
              <th scope="col">Sold a week</th>
              <th scope="col">Suggested jars</th>
            </tr>
          </thead>
          <tbody>
            {suggestion.flavors.map((flavor) => (
              <tr key={flavor.value}>
                <th scope="row">{flavor.name}</th>
                <td>{weeklyFigure(flavor.soldPerWeek)}</td>
                <td>
                  <strong>{flavor.jars}</strong>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="next-batch__how" data-testid="next-batch-how">
        {suggestion.howComputed}
      </p>
      <p className="next-batch__hint">A suggestion only: nothing is changed by it. Enter the jars you make in a new batch.</p>
    </section>
  )
}
