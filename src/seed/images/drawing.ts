/**
 * The pieces the seeded product pictures are drawn from: a jar of sea moss gel, strands of dried
 * purple sea moss, fruit and a wooden spoon, as SVG markup. Drawn in code so the site ships with
 * pictures of its own (no stock photos, nothing to license) that the seller replaces with real
 * photos in the admin. No text: the pictures must look the same wherever they are rendered,
 * whatever fonts the machine has. Colours are the site's palette (src/app/(frontend)/globals.css).
 */

export const PALETTE = {
  plum50: '#f8f4fb',
  plum100: '#efe5f6',
  plum200: '#dcc7ec',
  plum300: '#c29fdc',
  plum500: '#8e4fbf',
  plum600: '#7438a3',
  plum700: '#5e2b86',
  plum800: '#4a2269',
  plum900: '#2f1544',
  sea100: '#d3f1ec',
  sea500: '#1f9d8b',
  sand50: '#fdfaf5',
} as const

/** The gel's colours, top (light) to bottom (dark). */
export type Tint = { id: string; light: string; mid: string; dark: string }

export const TINTS = {
  purple: { id: 'purple', light: '#b98ae0', mid: '#7a3cab', dark: '#3b1858' },
  golden: { id: 'golden', light: '#ffe27f', mid: '#fbb637', dark: '#e0861a' },
  peach: { id: 'peach', light: '#ffd8bd', mid: '#fba27a', dark: '#e0704c' },
} as const satisfies Record<string, Tint>

const f = (value: number) => Number(value.toFixed(2))

/** Gradients a jar of this tint uses; each drawing puts them once in its <defs>. */
function tintDefs(tint: Tint): string {
  return `
    <linearGradient id="gel-${tint.id}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${tint.light}"/>
      <stop offset="0.45" stop-color="${tint.mid}"/>
      <stop offset="1" stop-color="${tint.dark}"/>
    </linearGradient>
    <linearGradient id="shade-${tint.id}" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${tint.dark}" stop-opacity="0.55"/>
      <stop offset="0.28" stop-color="${tint.dark}" stop-opacity="0"/>
      <stop offset="0.7" stop-color="${tint.dark}" stop-opacity="0"/>
      <stop offset="1" stop-color="${tint.dark}" stop-opacity="0.7"/>
    </linearGradient>`
}

const SHARED_DEFS = `
    <linearGradient id="lid" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${PALETTE.plum700}"/>
      <stop offset="1" stop-color="${PALETTE.plum900}"/>
    </linearGradient>
    <clipPath id="gel-clip"><rect x="9" y="74" width="182" height="178" rx="27"/></clipPath>
    <linearGradient id="label" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#e9e0ee"/>
      <stop offset="0.3" stop-color="${PALETTE.sand50}"/>
      <stop offset="0.75" stop-color="${PALETTE.sand50}"/>
      <stop offset="1" stop-color="#ddd0e4"/>
    </linearGradient>
    <linearGradient id="wood" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#e4bd8c"/>
      <stop offset="1" stop-color="#b98550"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.45" r="0.6">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>`

/** A whole picture: background, then the parts, with the gradients its jars need. */
export function svgDocument({ width, height, background, tints, body }: { width: number; height: number; background: [string, string]; tints: Tint[]; body: string }): string {
  const unique = [...new Map(tints.map((tint) => [tint.id, tint])).values()]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${background[0]}"/>
      <stop offset="1" stop-color="${background[1]}"/>
    </linearGradient>${SHARED_DEFS}${unique.map(tintDefs).join('')}
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <ellipse cx="${f(width / 2)}" cy="${f(height * 0.42)}" rx="${f(width * 0.55)}" ry="${f(height * 0.5)}" fill="url(#glow)"/>
${body}
</svg>`
}

/** A soft round backdrop behind the product. */
export const disc = (cx: number, cy: number, r: number, fill: string, opacity = 1) =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}" fill-opacity="${opacity}"/>`

/** The surface things stand on: a wide, soft shadow. */
export const groundShadow = (cx: number, cy: number, rx: number, ry: number, opacity = 0.16) =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${PALETTE.plum900}" fill-opacity="${opacity}"/>`

/** The jar's own size before scaling: 200 wide, 260 tall (lid to base). */
export const JAR = { width: 200, height: 260 } as const

/** The label's mark: a sprig of sea moss in a circle. */
function labelMark(tint: Tint): string {
  return `
    <circle cx="100" cy="171" r="23" fill="${tint.id === 'purple' ? PALETTE.plum700 : tint.dark}"/>
    <g fill="none" stroke="#ffffff" stroke-width="3.2" stroke-linecap="round">
      <path d="M100 186 C100 176 99 168 100 156"/>
      <path d="M100 172 C94 168 90 163 89 157"/>
      <path d="M100 166 C106 163 110 158 111 152"/>
      <path d="M100 178 C107 176 111 172 113 167"/>
      <path d="M100 180 C94 179 90 176 87 171"/>
    </g>
    <path d="M56 146 Q100 153 144 146" fill="none" stroke="${PALETTE.plum300}" stroke-width="3" stroke-linecap="round"/>
    <path d="M66 200 Q100 205 134 200" fill="none" stroke="${PALETTE.plum300}" stroke-width="3" stroke-linecap="round"/>`
}

/**
 * A glass jar of gel standing with its base centred on (x, y), `scale` times its own size
 * (200 × 260), with the plum lid and the cream label of the brand.
 */
export function jar({ x, y, scale, tint }: { x: number; y: number; scale: number; tint: Tint }): string {
  const left = x - (JAR.width * scale) / 2
  const top = y - JAR.height * scale
  const ribs = Array.from({ length: 20 }, (_, index) => 24 + index * 8)
    .map((rx) => `<line x1="${rx}" y1="8" x2="${rx}" y2="36" stroke="#ffffff" stroke-opacity="0.1" stroke-width="2"/>`)
    .join('')
  return `
  <g transform="translate(${f(left)} ${f(top)}) scale(${f(scale)})">
    <ellipse cx="100" cy="259" rx="104" ry="11" fill="${PALETTE.plum900}" fill-opacity="0.22"/>
    <rect x="0" y="54" width="200" height="206" rx="34" fill="#ffffff" fill-opacity="0.3"/>
    <g clip-path="url(#gel-clip)">
      <rect x="9" y="74" width="182" height="178" fill="url(#gel-${tint.id})"/>
      <rect x="9" y="74" width="182" height="178" fill="url(#shade-${tint.id})"/>
      <path d="M0 84 Q50 72 100 81 T200 78 L200 90 Q150 97 100 92 T0 95 Z" fill="${tint.light}" fill-opacity="0.9"/>
      <circle cx="46" cy="106" r="4.5" fill="#ffffff" fill-opacity="0.35"/>
      <circle cx="142" cy="112" r="3" fill="#ffffff" fill-opacity="0.3"/>
      <circle cx="122" cy="100" r="2.2" fill="#ffffff" fill-opacity="0.35"/>
      <circle cx="64" cy="232" r="5" fill="#ffffff" fill-opacity="0.18"/>
      <circle cx="152" cy="228" r="3.2" fill="#ffffff" fill-opacity="0.2"/>
    </g>
    <path d="M0 128 Q100 140 200 128 L200 206 Q100 218 0 206 Z" fill="url(#label)"/>
    ${labelMark(tint)}
    <rect x="0" y="54" width="200" height="206" rx="34" fill="none" stroke="#ffffff" stroke-opacity="0.8" stroke-width="3"/>
    <rect x="17" y="72" width="12" height="172" rx="6" fill="#ffffff" fill-opacity="0.32"/>
    <rect x="170" y="92" width="6" height="58" rx="3" fill="#ffffff" fill-opacity="0.28"/>
    <rect x="20" y="44" width="160" height="14" rx="4" fill="#ffffff" fill-opacity="0.55"/>
    <rect x="12" y="36" width="176" height="12" rx="6" fill="${PALETTE.plum900}"/>
    <rect x="14" y="0" width="172" height="42" rx="11" fill="url(#lid)"/>
    ${ribs}
    <rect x="22" y="4" width="156" height="7" rx="3.5" fill="#ffffff" fill-opacity="0.2"/>
  </g>`
}

/**
 * A tangle of dried purple sea moss strands rooted at (x, y): branching, curling strokes in the
 * plum shades, `scale` times a cluster about 180 wide and 130 tall.
 */
export function seaMoss({ x, y, scale = 1, flip = false }: { x: number; y: number; scale?: number; flip?: boolean }): string {
  const strands = [
    { d: 'M0 0 C-6 -30 -30 -52 -62 -70 M-30 -44 C-46 -46 -62 -40 -78 -30 M-46 -60 C-52 -76 -50 -92 -58 -106', color: PALETTE.plum600 },
    { d: 'M0 0 C4 -36 -2 -70 8 -112 M4 -60 C18 -68 30 -82 34 -100 M6 -88 C-6 -96 -14 -110 -12 -124', color: PALETTE.plum500 },
    { d: 'M0 0 C20 -18 48 -26 84 -30 M40 -24 C50 -38 66 -48 80 -60 M60 -28 C72 -20 86 -16 100 -20', color: PALETTE.plum700 },
    { d: 'M0 0 C-24 -6 -50 -4 -80 8 M-40 -4 C-54 -16 -70 -20 -88 -18', color: PALETTE.plum500 },
    { d: 'M0 0 C14 -22 22 -44 44 -66 M30 -48 C42 -50 54 -46 64 -40', color: PALETTE.plum300 },
  ]
  const paths = strands
    .map((strand) => `<path d="${strand.d}" fill="none" stroke="${strand.color}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`)
    .join('')
  const tips = [
    [-62, -70],
    [-78, -30],
    [-58, -106],
    [8, -112],
    [34, -100],
    [-12, -124],
    [84, -30],
    [80, -60],
    [100, -20],
    [-80, 8],
    [-88, -18],
    [44, -66],
    [64, -40],
  ]
    .map(([cx, cy]) => `<circle cx="${cx}" cy="${cy}" r="5.5" fill="${PALETTE.plum700}"/>`)
    .join('')
  return `
  <g transform="translate(${f(x)} ${f(y)}) scale(${f(flip ? -scale : scale)} ${f(scale)})">
    <ellipse cx="0" cy="6" rx="96" ry="9" fill="${PALETTE.plum900}" fill-opacity="0.12"/>
    ${paths}${tips}
  </g>`
}

/** A wooden spoon lying at an angle, with a dollop of gel in its bowl. */
export function spoon({ x, y, scale = 1, angle = -18, tint }: { x: number; y: number; scale?: number; angle?: number; tint: Tint }): string {
  return `
  <g transform="translate(${f(x)} ${f(y)}) rotate(${angle}) scale(${f(scale)})">
    <ellipse cx="20" cy="16" rx="190" ry="14" fill="${PALETTE.plum900}" fill-opacity="0.12"/>
    <rect x="40" y="-9" width="190" height="18" rx="9" fill="url(#wood)"/>
    <ellipse cx="-30" cy="0" rx="78" ry="44" fill="url(#wood)"/>
    <ellipse cx="-32" cy="-2" rx="62" ry="32" fill="#9f6d3d" fill-opacity="0.35"/>
    <path d="M-84 -4 C-80 -30 -44 -38 -16 -30 C8 -24 20 -10 16 2 C6 22 -40 26 -66 18 C-80 14 -86 6 -84 -4 Z" fill="url(#gel-${tint.id})"/>
    <path d="M-66 -16 C-54 -26 -36 -28 -22 -24" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="5" stroke-linecap="round"/>
  </g>`
}

/** Fruit, each centred on (x, y) at about `r` radius. */
export const fruit = {
  blueberry: (x: number, y: number, r = 18) => `
  <g transform="translate(${f(x)} ${f(y)})">
    <circle r="${r}" fill="#3f3787"/>
    <circle r="${r}" fill="#6a5fc0" fill-opacity="0.45" transform="translate(${f(-r * 0.25)} ${f(-r * 0.25)}) scale(0.7)"/>
    <path d="M${f(-r * 0.28)} ${f(-r * 0.5)} l${f(r * 0.28)} ${f(r * 0.14)} l${f(r * 0.28)} ${f(-r * 0.14)}" fill="none" stroke="#241d5a" stroke-width="${f(r * 0.14)}" stroke-linecap="round"/>
  </g>`,
  raspberry: (x: number, y: number, r = 22) => {
    const drupes = [
      [0, -0.55],
      [-0.45, -0.25],
      [0.45, -0.25],
      [0, 0],
      [-0.42, 0.28],
      [0.42, 0.28],
      [0, 0.55],
    ]
      .map(([dx, dy]) => `<circle cx="${f(dx * r)}" cy="${f(dy * r)}" r="${f(r * 0.42)}" fill="#c2185b"/><circle cx="${f(dx * r - r * 0.1)}" cy="${f(dy * r - r * 0.12)}" r="${f(r * 0.12)}" fill="#ffffff" fill-opacity="0.45"/>`)
      .join('')
    return `<g transform="translate(${f(x)} ${f(y)})">${drupes}</g>`
  },
  blackberry: (x: number, y: number, r = 22) => {
    const drupes = [
      [0, -0.55],
      [-0.45, -0.25],
      [0.45, -0.25],
      [0, 0],
      [-0.42, 0.28],
      [0.42, 0.28],
      [0, 0.55],
    ]
      .map(([dx, dy]) => `<circle cx="${f(dx * r)}" cy="${f(dy * r)}" r="${f(r * 0.42)}" fill="#2a1038"/><circle cx="${f(dx * r - r * 0.1)}" cy="${f(dy * r - r * 0.12)}" r="${f(r * 0.11)}" fill="#b07ad6" fill-opacity="0.6"/>`)
      .join('')
    return `<g transform="translate(${f(x)} ${f(y)})">${drupes}</g>`
  },
  mango: (x: number, y: number, r = 70, angle = -20) => `
  <g transform="translate(${f(x)} ${f(y)}) rotate(${angle})">
    <defs><linearGradient id="mango-${f(x)}-${f(y)}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b9d24a"/><stop offset="0.38" stop-color="#ffc93c"/><stop offset="0.7" stop-color="#f7871f"/><stop offset="1" stop-color="#e0482a"/></linearGradient></defs>
    <path d="M${f(-r)} ${f(r * 0.05)} C${f(-r)} ${f(-r * 0.6)} ${f(-r * 0.2)} ${f(-r * 0.72)} ${f(r * 0.35)} ${f(-r * 0.55)} C${f(r * 0.95)} ${f(-r * 0.38)} ${f(r * 1.05)} ${f(r * 0.35)} ${f(r * 0.5)} ${f(r * 0.6)} C${f(-r * 0.05)} ${f(r * 0.85)} ${f(-r)} ${f(r * 0.7)} ${f(-r)} ${f(r * 0.05)} Z" fill="url(#mango-${f(x)}-${f(y)})"/>
    <path d="M${f(-r * 0.86)} ${f(-r * 0.3)} C${f(-r * 1.1)} ${f(-r * 0.75)} ${f(-r * 0.75)} ${f(-r * 1.05)} ${f(-r * 0.35)} ${f(-r * 1.0)} C${f(-r * 0.5)} ${f(-r * 0.7)} ${f(-r * 0.65)} ${f(-r * 0.45)} ${f(-r * 0.86)} ${f(-r * 0.3)} Z" fill="#3f9a5a"/>
    <ellipse cx="${f(-r * 0.35)}" cy="${f(-r * 0.3)}" rx="${f(r * 0.28)}" ry="${f(r * 0.1)}" fill="#ffffff" fill-opacity="0.35" transform="rotate(-20 ${f(-r * 0.35)} ${f(-r * 0.3)})"/>
  </g>`,
  /** A small whole pineapple standing with its base on (x, y), `h` tall with its crown. */
  pineapple: (x: number, y: number, h = 220) => {
    const rx = h * 0.2
    const ry = h * 0.3
    const cy = -ry
    const id = `pine-${f(x)}-${f(y)}`
    const hatch = Array.from({ length: 9 }, (_, index) => -ry * 1.6 + index * ry * 0.4)
      .map((offset) => `<path d="M${f(-rx * 1.5)} ${f(cy + offset)} l${f(rx * 3)} ${f(rx * 1.6)} M${f(rx * 1.5)} ${f(cy + offset)} l${f(-rx * 3)} ${f(rx * 1.6)}" stroke="#b7790f" stroke-opacity="0.55" stroke-width="${f(h * 0.012)}"/>`)
      .join('')
    const leaves = [-48, -26, -8, 8, 26, 48]
      .map((angle, index) => `<path d="M0 0 C${f(-h * 0.05)} ${f(-h * 0.12)} ${f(-h * 0.02)} ${f(-h * 0.26)} 0 ${f(-h * (index % 2 ? 0.3 : 0.36))} C${f(h * 0.02)} ${f(-h * 0.26)} ${f(h * 0.05)} ${f(-h * 0.12)} 0 0 Z" fill="${index % 2 ? '#5cb270' : '#3f9a5a'}" transform="translate(0 ${f(cy - ry * 0.92)}) rotate(${angle})"/>`)
      .join('')
    return `
  <g transform="translate(${f(x)} ${f(y)})">
    <defs>
      <radialGradient id="${id}" cx="0.38" cy="0.35" r="0.75"><stop offset="0" stop-color="#ffd95e"/><stop offset="0.65" stop-color="#f2ac2b"/><stop offset="1" stop-color="#c97d12"/></radialGradient>
      <clipPath id="${id}-clip"><ellipse cx="0" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}"/></clipPath>
    </defs>
    <ellipse cx="0" cy="4" rx="${f(rx * 1.3)}" ry="${f(h * 0.03)}" fill="${PALETTE.plum900}" fill-opacity="0.14"/>
    ${leaves}
    <ellipse cx="0" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#${id})"/>
    <g clip-path="url(#${id}-clip)">${hatch}</g>
  </g>`
  },
  peach: (x: number, y: number, r = 66) => `
  <g transform="translate(${f(x)} ${f(y)})">
    <defs><radialGradient id="peach-${f(x)}-${f(y)}" cx="0.35" cy="0.35" r="0.75"><stop offset="0" stop-color="#ffd3a8"/><stop offset="0.55" stop-color="#fb9a6e"/><stop offset="1" stop-color="#e25b4c"/></radialGradient></defs>
    <circle r="${r}" fill="url(#peach-${f(x)}-${f(y)})"/>
    <path d="M${f(-r * 0.05)} ${f(-r * 0.92)} C${f(-r * 0.35)} ${f(-r * 0.4)} ${f(-r * 0.3)} ${f(r * 0.3)} ${f(-r * 0.02)} ${f(r * 0.7)}" fill="none" stroke="#d4573f" stroke-opacity="0.45" stroke-width="${f(r * 0.06)}" stroke-linecap="round"/>
    <path d="M${f(r * 0.05)} ${f(-r * 0.95)} C${f(r * 0.25)} ${f(-r * 1.45)} ${f(r * 0.85)} ${f(-r * 1.35)} ${f(r * 1.0)} ${f(-r * 1.15)} C${f(r * 0.7)} ${f(-r * 0.95)} ${f(r * 0.35)} ${f(-r * 0.9)} ${f(r * 0.05)} ${f(-r * 0.95)} Z" fill="#4f9d5d"/>
    <ellipse cx="${f(-r * 0.4)}" cy="${f(-r * 0.35)}" rx="${f(r * 0.2)}" ry="${f(r * 0.12)}" fill="#ffffff" fill-opacity="0.35" transform="rotate(-40 ${f(-r * 0.4)} ${f(-r * 0.35)})"/>
  </g>`,
  ginger: (x: number, y: number, scale = 1, angle = 0) => `
  <g transform="translate(${f(x)} ${f(y)}) rotate(${angle}) scale(${f(scale)})">
    <path d="M-70 10 C-78 -8 -60 -22 -44 -16 C-40 -34 -18 -40 -8 -24 C0 -42 26 -44 32 -26 C46 -30 64 -20 60 -4 C74 0 76 20 60 26 C40 34 10 30 -10 28 C-36 30 -64 28 -70 10 Z" fill="#e2b47a"/>
    <path d="M-40 -2 C-20 4 10 6 40 2" fill="none" stroke="#b98550" stroke-opacity="0.6" stroke-width="4" stroke-linecap="round"/>
    <path d="M-14 -22 C-12 -14 -10 -10 -6 -6 M20 -28 C20 -20 22 -14 26 -10" fill="none" stroke="#b98550" stroke-opacity="0.5" stroke-width="3.5" stroke-linecap="round"/>
  </g>`,
  leaf: (x: number, y: number, size = 40, angle = 0, color = '#4f9d5d') => `
  <g transform="translate(${f(x)} ${f(y)}) rotate(${angle})">
    <path d="M0 0 C${f(size * 0.3)} ${f(-size * 0.45)} ${f(size * 0.8)} ${f(-size * 0.45)} ${f(size)} 0 C${f(size * 0.8)} ${f(size * 0.45)} ${f(size * 0.3)} ${f(size * 0.45)} 0 0 Z" fill="${color}"/>
    <path d="M${f(size * 0.1)} 0 L${f(size * 0.85)} 0" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${f(size * 0.05)}" stroke-linecap="round"/>
  </g>`,
}
