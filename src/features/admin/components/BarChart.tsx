export type Bar = { label: string; value: number; valueText: string; current?: boolean }

type Props = {
  /** Prefix of the ids that tie the chart to its title and description. */
  id: string
  title: string
  description: string
  bars: Bar[]
  /** Width of the label column, in percent of the chart: room for the longest label on a phone. */
  labelWidth: number
}

const ROW_HEIGHT = 28
const BAR_HEIGHT = 16
const PADDING = 4
/** Where the longest bar ends, in percent: the rest of the row holds its value ("$120 · 3 orders"). */
const BARS_END = 64

/** A name shortened to fit the label column of a phone; the data table beside the chart has it whole. */
const fitLabel = (label: string) => (label.length > 18 ? `${label.slice(0, 17)}…` : label)

/**
 * A horizontal bar chart drawn on the server: one row per bar, label on the left, value after the
 * bar. Positions are percentages, so the chart fills its column and its text keeps its size from a
 * phone to a laptop. Colours come from Payload's theme variables (BarChart in SalesCharts.scss),
 * right in light and dark mode. Screen readers read its title and description; the caller adds the
 * full figures as a table.
 */
export function BarChart({ id, title, description, bars, labelWidth }: Props) {
  const max = Math.max(0, ...bars.map((bar) => bar.value))
  const barsStart = labelWidth + 2
  const span = BARS_END - barsStart
  return (
    <svg className="bar-chart" width="100%" height={bars.length * ROW_HEIGHT + 2 * PADDING} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {bars.map((bar, index) => {
        const middle = PADDING + index * ROW_HEIGHT + ROW_HEIGHT / 2
        const length = max > 0 ? (bar.value / max) * span : 0
        return (
          <g key={index} className={bar.current ? 'bar-chart__row bar-chart__row--current' : 'bar-chart__row'}>
            <text className="bar-chart__label" x={`${labelWidth}%`} y={middle} textAnchor="end" dominantBaseline="central">
              {fitLabel(bar.label)}
            </text>
            <rect className="bar-chart__track" x={`${barsStart}%`} y={middle - BAR_HEIGHT / 2} width={`${span}%`} height={BAR_HEIGHT} rx={3} />
            {length > 0 && <rect className="bar-chart__bar" x={`${barsStart}%`} y={middle - BAR_HEIGHT / 2} width={`${length}%`} height={BAR_HEIGHT} rx={3} />}
            <text className="bar-chart__value" x={`${barsStart + length}%`} dx={6} y={middle} dominantBaseline="central">
              {bar.valueText}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
