import type { AdminViewServerProps } from 'payload'

import { JAR_LABELS_VIEW } from '@/features/admin/adminViews'
import { countField, LABEL_LIMITS, LABEL_SHEETS, labelPages, SHEET_FIELD_ID, type LabelSheetKind, type NutritionPanel } from '@/features/admin/jarLabelRules'
import { findJarLabels, type PrintedLabels } from '@/features/admin/jarLabels'
import { counted } from '@/shared/counted'

import { AdminView, type AdminSession } from './AdminView'
import { PrintButton } from './PrintButton'
import './JarLabels.scss'

/**
 * Admin → Jar labels: for one batch (made-on day, batch code), the labels of each flavor on offer,
 * as many as asked, laid out on the chosen label sheet and printed without the admin around them.
 * A GET form, so a sheet can be bookmarked and works without JavaScript (except the Print button,
 * which is the browser's own print).
 */
export function JarLabelsView(props: AdminViewServerProps) {
  return (
    <AdminView {...props} url={JAR_LABELS_VIEW.url} steps={[{ label: 'Jar labels' }]} className="jar-labels">
      {(session) => <JarLabels session={session} searchParams={props.searchParams} />}
    </AdminView>
  )
}

async function JarLabels({ session: { req, payload }, searchParams }: { session: AdminSession; searchParams: AdminViewServerProps['searchParams'] }) {
  const { request, flavors, problems, gaps, printed } = await findJarLabels(payload, searchParams, req)
  const labels = printed.flatMap((entry) => Array.from({ length: entry.count }, () => entry))
  const pages = labelPages(labels, request.sheet)

  return (
    <>
      <h1 className="admin-view__title">Jar labels</h1>
      <p className="admin-view__intro">
        Labels for the jars of one batch: choose the day it was made, the sheet you print on and how many labels each flavor needs (a batch’s
        “Print jar labels” link fills them in). Left empty, the best-by day is the made-on day plus the shelf life in Site settings. Each label
        carries what the law asks of a packaged food: the flavor’s ingredients, allergens and nutrition facts (its Label tab in Shop → Flavors),
        the net quantity and your business’s name and address (Site settings → Jar labels), the lot (batch code), the dates and “Keep
        refrigerated”, with a QR code that opens the order form with that flavor chosen. A label missing any of them is not printed.
      </p>

      <form className="jar-labels__form" method="get" action={JAR_LABELS_VIEW.url}>
        <div className="jar-labels__fields">
          <label className="jar-labels__field">
            <span>Made on</span>
            <input className="admin-input" type="date" name="madeOn" defaultValue={request.madeOn} required />
          </label>
          <label className="jar-labels__field">
            <span>Best by</span>
            <input className="admin-input" type="date" name="bestBy" defaultValue={request.bestBy ?? ''} />
          </label>
          <label className="jar-labels__field">
            <span>Batch code</span>
            <input
              className="admin-input"
              type="text"
              name="batch"
              defaultValue={request.batchCode}
              maxLength={LABEL_LIMITS.batchCodeMaxLength}
              pattern="[A-Za-z0-9\-]+"
              title="Letters, digits and dashes"
              required
            />
          </label>
          <label className="jar-labels__field">
            <span>Sheet</span>
            <select className="admin-input" id={SHEET_FIELD_ID} name="sheet" defaultValue={request.sheet}>
              {(Object.keys(LABEL_SHEETS) as LabelSheetKind[]).map((kind) => (
                <option key={kind} value={kind}>
                  {LABEL_SHEETS[kind].name}
                </option>
              ))}
            </select>
          </label>
        </div>

        <fieldset className="admin-fieldset jar-labels__counts">
          <legend>Labels per flavor</legend>
          {flavors.length === 0 ? (
            <p>No flavor is on offer: tick “Available” on a flavor in Shop → Flavors.</p>
          ) : (
            flavors.map((flavor) => (
              <label key={flavor.value} className="jar-labels__count">
                <span>{flavor.name}</span>
                <input
                  className="admin-input"
                  type="number"
                  name={countField(flavor.value)}
                  min={0}
                  max={LABEL_LIMITS.perFlavor}
                  step={1}
                  inputMode="numeric"
                  defaultValue={request.counts[flavor.value] ?? 0}
                />
              </label>
            ))
          )}
        </fieldset>

        <button type="submit" className="admin-button">
          Show labels
        </button>
      </form>

      {problems.length > 0 && (
        <div className="jar-labels__problems" role="alert">
          <p>Nothing to print yet:</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}

      {gaps.length > 0 && (
        <div className="jar-labels__problems" role="alert" data-testid="label-gaps">
          <p>Not printed: each label must carry what the law asks of a packaged food. Fill in what is missing, then show the labels again.</p>
          <ul>
            {gaps.map((gap) => (
              <li key={gap.href}>
                <strong>{gap.subject}</strong> lacks {gap.missing.join('; ')}: <a href={gap.href}>{gap.where}</a>.
              </li>
            ))}
          </ul>
        </div>
      )}

      {pages.length > 0 && (
        <>
          <div className="jar-labels__ready">
            <p>
              {counted(labels.length, 'label')} on {counted(pages.length, 'page')}. Print at 100% (“Actual size”, no “Fit to page”), with no margins.
            </p>
            <PrintButton />
          </div>
          <div className={`jar-labels__sheet jar-labels__sheet--${request.sheet}`} data-testid="label-sheet">
            {pages.map((page, pageIndex) => (
              <section key={pageIndex} className="jar-labels__page" aria-label={`Page ${pageIndex + 1}`}>
                {page.map((entry, index) => (
                  <JarLabelCard key={index} printed={entry} />
                ))}
              </section>
            ))}
          </div>
        </>
      )}
    </>
  )
}

function JarLabelCard({ printed: { label, qrSvg } }: { printed: PrintedLabels }) {
  return (
    <article className="jar-label" data-testid="jar-label" data-flavor={label.flavor}>
      <header className="jar-label__name">
        <p className="jar-label__product">{label.productName}</p>
        <p className="jar-label__flavor">{label.flavorName}</p>
      </header>
      <p className="jar-label__net">{label.netQuantity}</p>
      <p className="jar-label__ingredients">{label.ingredients}</p>
      {label.allergens && <p className="jar-label__allergens">{label.allergens}</p>}
      {label.nutrition && <NutritionFacts panel={label.nutrition} />}
      <div className="jar-label__foot">
        <div className="jar-label__facts">
          <p className="jar-label__storage">{label.storage}</p>
          <p>{label.dates}</p>
          <p>{label.batchCode}</p>
          <p>{label.maker}</p>
        </div>
        {/* The SVG comes from the QR library for an address this server built, never from input. */}
        <div className="jar-label__qr" role="img" aria-label={`QR code: ${label.orderUrl}`} dangerouslySetInnerHTML={{ __html: qrSvg }} />
      </div>
    </article>
  )
}

/** The Nutrition Facts panel, compact: a row per nutrient with its %DV, the sub-nutrients indented. */
function NutritionFacts({ panel }: { panel: NutritionPanel }) {
  return (
    <section className="nutrition-facts" aria-label="Nutrition Facts" data-testid="nutrition-facts">
      <p className="nutrition-facts__title">Nutrition Facts</p>
      <p className="nutrition-facts__serving">
        <span>Servings: {panel.servingsPerContainer}</span> <span>Serv. size {panel.servingSize}</span>
      </p>
      <p className="nutrition-facts__calories">
        <span>Calories</span> <span>{panel.calories}</span>
      </p>
      <ul className="nutrition-facts__lines">
        {panel.lines.map((line) => (
          <li key={line.nutrient} className={line.indent ? 'nutrition-facts__sub' : undefined}>
            <span>
              {line.label} {line.amount}
            </span>
            {line.dailyValue && <span className="nutrition-facts__dv">{line.dailyValue} DV</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}
