/**
 * The seeded pictures (SVG sources): the home hero, one per package and one per launch flavor.
 * `render.ts` turns them into WebP (the hero: JPEG) when a fresh install is seeded; the seller
 * replaces them with photos in the admin. Each keeps its subject in the middle, so a crop (the
 * social card's 1.91:1, a narrow card's 16:9) keeps it.
 */
import { disc, fruit, groundShadow, jar, PALETTE, seaMoss, spoon, svgDocument, TINTS } from './drawing'

export type SeedPicture = { filename: string; alt: string; width: number; height: number; svg: () => string }

/** The home page's hero: two jars, a spoonful of gel, sea moss and berries. */
export const heroPicture: SeedPicture = {
  filename: 'seamoss-gel-hero.jpg',
  alt: 'Two jars of purple sea moss gel with a spoonful of gel, dried sea moss and fresh berries',
  width: 1600,
  height: 1200,
  svg: () =>
    svgDocument({
      width: 1600,
      height: 1200,
      background: [PALETTE.plum50, PALETTE.plum200],
      tints: [TINTS.purple],
      body: [
        disc(930, 560, 400, PALETTE.sea100),
        disc(330, 330, 130, PALETTE.plum200, 0.7),
        disc(1330, 250, 70, PALETTE.plum300, 0.45),
        groundShadow(800, 985, 620, 42, 0.1),
        jar({ x: 600, y: 930, scale: 1.55, tint: TINTS.purple }),
        jar({ x: 930, y: 985, scale: 2.3, tint: TINTS.purple }),
        seaMoss({ x: 380, y: 990, scale: 1.5 }),
        spoon({ x: 1300, y: 950, scale: 1.15, angle: -14, tint: TINTS.purple }),
        fruit.blueberry(1150, 1010, 24),
        fruit.raspberry(1210, 1030, 28),
        fruit.blackberry(1290, 1035, 28),
        fruit.blueberry(1350, 1040, 22),
        fruit.leaf(1395, 1030, 60, -25),
        fruit.blueberry(640, 1000, 22),
        fruit.raspberry(700, 1010, 24),
      ].join(''),
    }),
}

const packageScene = (jars: string, extras: string, backdrop: string) =>
  svgDocument({ width: 960, height: 720, background: [PALETTE.plum50, PALETTE.plum100], tints: [TINTS.purple], body: backdrop + jars + extras })

/** The three packages, in the order 1, 3 and 6 jars (the `pricing` global's `packages`). */
export const packagePictures: SeedPicture[] = [
  {
    filename: 'seamoss-gel-1-jar.webp',
    alt: 'One 8oz jar of purple sea moss gel beside dried sea moss',
    width: 960,
    height: 720,
    svg: () =>
      packageScene(
        groundShadow(480, 612, 330, 22) + jar({ x: 480, y: 612, scale: 1.75, tint: TINTS.purple }),
        seaMoss({ x: 250, y: 618, scale: 0.95 }) + fruit.blueberry(660, 606, 20) + fruit.raspberry(712, 612, 22) + fruit.leaf(740, 602, 44, -30),
        disc(480, 380, 270, PALETTE.sea100),
      ),
  },
  {
    filename: 'seamoss-gel-3-jars.webp',
    alt: 'Three 8oz jars of purple sea moss gel side by side',
    width: 960,
    height: 720,
    svg: () =>
      packageScene(
        groundShadow(480, 612, 400, 24) +
          jar({ x: 262, y: 592, scale: 1.2, tint: TINTS.purple }) +
          jar({ x: 698, y: 592, scale: 1.2, tint: TINTS.purple }) +
          jar({ x: 480, y: 622, scale: 1.45, tint: TINTS.purple }),
        seaMoss({ x: 150, y: 628, scale: 0.7 }) + fruit.blueberry(790, 618, 18) + fruit.raspberry(836, 624, 20),
        disc(480, 380, 300, PALETTE.sea100),
      ),
  },
  {
    filename: 'seamoss-gel-6-jars.webp',
    alt: 'Six 8oz jars of purple sea moss gel in two rows',
    width: 960,
    height: 720,
    svg: () =>
      packageScene(
        groundShadow(480, 408, 360, 20, 0.1) +
          [260, 480, 700].map((x) => jar({ x, y: 400, scale: 0.92, tint: TINTS.purple })).join('') +
          groundShadow(480, 620, 420, 26) +
          [240, 480, 720].map((x) => jar({ x, y: 620, scale: 1.1, tint: TINTS.purple })).join(''),
        fruit.blueberry(96, 620, 18) + fruit.raspberry(864, 622, 20),
        disc(480, 370, 320, PALETTE.sea100),
      ),
  },
]

const flavorScene = (background: [string, string], backdrop: string, tint: (typeof TINTS)[keyof typeof TINTS], extras: string) =>
  svgDocument({
    width: 800,
    height: 800,
    background,
    tints: [tint],
    body: backdrop + groundShadow(400, 672, 300, 22) + jar({ x: 400, y: 672, scale: 1.85, tint }) + extras,
  })

/** One per launch flavor, by its key (the `flavors` collection's `value`), the gel tinted by its fruit. */
export const flavorPictures: Record<string, SeedPicture> = {
  'mixed-berry': {
    filename: 'seamoss-gel-mixed-berry.webp',
    alt: 'A jar of mixed berry sea moss gel with blueberries, raspberries and blackberries',
    width: 800,
    height: 800,
    svg: () =>
      flavorScene(
        [PALETTE.plum50, PALETTE.plum200],
        disc(400, 400, 290, PALETTE.plum100),
        TINTS.purple,
        [
          fruit.blueberry(150, 660, 24),
          fruit.raspberry(205, 676, 28),
          fruit.blackberry(140, 712, 26),
          fruit.leaf(96, 640, 48, -40),
          fruit.blackberry(610, 668, 28),
          fruit.blueberry(668, 690, 24),
          fruit.raspberry(630, 718, 26),
        ].join(''),
      ),
  },
  'pineapple-mango': {
    filename: 'seamoss-gel-pineapple-mango.webp',
    alt: 'A jar of golden pineapple mango sea moss gel with a ripe mango and pineapple pieces',
    width: 800,
    height: 800,
    svg: () =>
      flavorScene(
        ['#fffaf0', '#ffe9bf'],
        disc(400, 400, 290, '#fff3d6'),
        TINTS.golden,
        [fruit.pineapple(655, 690, 250), fruit.mango(150, 660, 78, -25)].join(''),
      ),
  },
  'peach-ginger': {
    filename: 'seamoss-gel-peach-ginger.webp',
    alt: 'A jar of peach ginger sea moss gel with a fresh peach and ginger root',
    width: 800,
    height: 800,
    svg: () =>
      flavorScene(
        ['#fff7f2', '#ffe0cf'],
        disc(400, 400, 290, '#ffeadd'),
        TINTS.peach,
        [fruit.peach(150, 650, 66), fruit.ginger(640, 700, 1.15, -8)].join(''),
      ),
  },
}
