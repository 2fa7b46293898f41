/** Months 1–4: pine, plum blossom, cherry blossom, wisteria. */
import { C, type Ctx, n, polar, ribbon, sky, type Spot, uses } from './shapes.js';

type Draw = (c: Ctx) => string;

// ---------------------------------------------------------------- 1 pine

/** A fan of pine needles opening upward from (0, 0). */
function needles(id: string): string {
  const [ax, ay] = polar(0, 0, 26, 195);
  const [bx, by] = polar(0, 0, 26, 345);
  const [cx, cy] = polar(0, 0, 17, 200);
  const [dx, dy] = polar(0, 0, 17, 340);
  let lines = '';
  for (let a = 205; a <= 335; a += 10) {
    const [x, y] = polar(0, 0, 24, a);
    lines += `M0 0L${n(x)} ${n(y)}`;
  }
  return (
    `<g id="${id}"><path d="M0 2L${n(ax)} ${n(ay)}A26 26 0 0 1 ${n(bx)} ${n(by)}Z" fill="${C.green}" stroke="${C.darkGreen}" stroke-width="1.6"/>` +
    `<path d="M0 0L${n(cx)} ${n(cy)}A17 17 0 0 1 ${n(dx)} ${n(dy)}Z" fill="#3f8050"/>` +
    `<path d="${lines}" stroke="${C.darkGreen}" stroke-width="1"/></g>`
  );
}

function pineTree(c: Ctx, trunk: string, branches: string, spots: readonly Spot[]): string {
  return (
    `<g fill="none" stroke-linecap="round"><path d="${trunk}" stroke="#2a1b14" stroke-width="15"/>` +
    `<path d="${trunk}" stroke="#6b4528" stroke-width="10"/>` +
    `<path d="${branches}" stroke="#2a1b14" stroke-width="7"/><path d="${branches}" stroke="#6b4528" stroke-width="3.5"/></g>` +
    uses(c, 'needles', needles, spots)
  );
}

const pineChaff: Draw = (c) =>
  `<path d="M0 238Q70 205 120 228T200 222V300H0Z" fill="${C.red}"/>` +
  `<path d="M0 262Q80 240 200 258" fill="none" stroke="#8f1019" stroke-width="2"/>` +
  pineTree(
    c,
    'M40 300C52 250 30 205 70 165S150 110 168 60',
    'M70 165C100 170 130 160 160 172M60 185C45 178 30 170 18 150M120 122C110 100 90 86 70 80',
    [
      [18, 150, 1.1],
      [70, 82, 1.2],
      [100, 118, 1],
      [166, 60, 1.3],
      [160, 172, 1.2],
      [50, 180, 0.9],
      [130, 150, 0.8],
      [120, 52, 0.9],
      [40, 112, 0.8],
    ],
  );

/** A standing red-crowned crane looking up, drawn around its feet at (0, 0). */
const crane =
  '<g stroke="#1c1714" stroke-width="1.6" stroke-linejoin="round">' +
  '<path d="M-44 -70L-74 -52L-60 -66L-78 -58L-50 -78Z" fill="#1c1714"/>' +
  '<path d="M-50 -70C-46 -104 6 -112 34 -94C44 -80 28 -56 -10 -54C-28 -54 -46 -58 -50 -70Z" fill="#fff"/>' +
  '<path d="M-40 -74C-24 -96 14 -100 30 -92C12 -84 -10 -72 -40 -62Z" fill="#ece6d8"/>' +
  '<path d="M-44 -66C-36 -60 -20 -58 -8 -58C-22 -62 -34 -66 -44 -66Z" fill="#1c1714"/>' +
  '<path d="M-10 -56L-14 0M6 -58L10 0" fill="none" stroke-width="2.6"/>' +
  '<path d="M-22 0H-6M4 0H20" fill="none" stroke-width="2"/></g>' +
  '<path d="M26 -92C46 -118 24 -150 40 -176" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round"/>' +
  '<path d="M30 -110C38 -130 28 -152 40 -176" fill="none" stroke="#1c1714" stroke-width="8" stroke-linecap="round"/>' +
  '<circle cx="42" cy="-180" r="8" fill="#fff" stroke="#1c1714" stroke-width="1.4"/>' +
  '<circle cx="41" cy="-186" r="4.5" fill="#c8202b"/>' +
  '<path d="M48 -182L74 -196L50 -176Z" fill="#7a6a4a" stroke="#1c1714" stroke-width="1"/>' +
  '<circle cx="45" cy="-181" r="1.6" fill="#1c1714"/>';

const pineCrane: Draw = (c) =>
  sky(c, '#e9a38c', 0.6) +
  `<circle cx="128" cy="92" r="50" fill="${C.sky}"/>` +
  `<path d="M0 270Q100 250 200 268V300H0Z" fill="#7a8f4a"/>` +
  pineTree(c, 'M16 300C24 240 10 200 30 160', 'M30 170C50 160 60 150 66 130M24 210C12 200 8 190 6 180', [
    [30, 150, 1.2],
    [66, 128, 1],
    [6, 186, 0.9],
    [20, 236, 0.8],
  ]) +
  `<g transform="translate(106 282)">${crane}</g>`;

const pinePoetry: Draw = (c) =>
  `<path d="M0 250Q80 232 200 250V300H0Z" fill="${C.red}"/>` +
  pineTree(
    c,
    'M30 300C40 250 24 210 60 170S140 120 170 70',
    'M60 170C40 160 22 150 14 132M120 130C140 140 160 150 184 146',
    [
      [14, 132, 1],
      [60, 160, 1.1],
      [112, 120, 1],
      [170, 68, 1.2],
      [184, 146, 1],
      [140, 96, 0.8],
    ],
  ) +
  ribbon('poetry', 104, 176, 16);

// ---------------------------------------------------------------- 2 plum

function plumFlower(id: string): string {
  let petals = '';
  for (let i = 0; i < 5; i++) {
    const [x, y] = polar(0, 0, 5.6, -90 + i * 72);
    petals += `<circle cx="${n(x)}" cy="${n(y)}" r="5"/>`;
  }
  return (
    `<g id="${id}"><g fill="#d42436" stroke="#7a0f1a" stroke-width=".8">${petals}</g>` +
    `<circle r="3.2" fill="#fde6e4"/><circle r="1.4" fill="${C.gold}"/></g>`
  );
}

const plumBranch =
  '<g fill="none" stroke-linecap="round" stroke="#2b1d17">' +
  '<path d="M-6 262C30 236 50 214 70 196S108 160 118 128S150 76 204 54" stroke-width="10"/>' +
  '<path d="M70 196C92 204 126 212 164 204L190 190M118 128C104 108 96 86 100 58M150 84L168 100" stroke-width="4.5"/></g>';

const plumFlowers = (c: Ctx, extra: readonly Spot[] = []): string =>
  uses(c, 'flower', plumFlower, [
    [40, 226, 1.1],
    [66, 188, 1],
    [96, 170, 1.2],
    [120, 206, 1],
    [160, 200, 1.1],
    [186, 186, 0.9],
    [100, 60, 1],
    [104, 94, 1.1],
    [126, 116, 0.9],
    [150, 80, 1.2],
    [176, 64, 1],
    [170, 100, 0.9],
    ...extra,
  ]) +
  `<g fill="#d42436">${[
    [84, 200],
    [140, 210],
    [96, 76],
    [196, 50],
    [56, 210],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3"/>`)
    .join('')}</g>`;

const plumSky = (c: Ctx): string =>
  sky(c, '#e8574e', 0.42) + `<path d="M0 258Q100 236 200 256V300H0Z" fill="${C.red}"/>`;

const plumChaff: Draw = (c) =>
  plumSky(c) +
  plumBranch +
  plumFlowers(c, [
    [30, 150, 1.1],
    [60, 120, 0.9],
  ]);

/** A bush warbler perched, facing left, feet at (0, 0). */
const warbler =
  '<g stroke="#3c4414" stroke-width="1.5" stroke-linejoin="round">' +
  '<path d="M20 -18L48 -2L44 -16Z" fill="#5d6b24"/>' +
  '<path d="M-22 -24C-20 -40 6 -42 22 -28C26 -18 16 -8 0 -8C-12 -8 -22 -14 -22 -24Z" fill="#8c9b3e"/>' +
  '<path d="M-18 -18C-10 -10 6 -8 14 -14C4 -12 -8 -14 -18 -18Z" fill="#d9d58a" stroke="none"/>' +
  '<path d="M-4 -30C6 -36 18 -30 22 -22C14 -20 2 -22 -4 -30Z" fill="#6a7a2a"/>' +
  '<circle cx="-20" cy="-34" r="11" fill="#8c9b3e"/>' +
  '<path d="M-30 -34L-42 -31L-30 -29Z" fill="#3a2a1a"/></g>' +
  '<path d="M-31 -38C-26 -41 -20 -41 -15 -38" stroke="#e8e4b0" stroke-width="2" fill="none"/>' +
  '<circle cx="-24" cy="-35" r="2.8" fill="#fff"/><circle cx="-24.6" cy="-35" r="1.5" fill="#111"/>' +
  '<path d="M-6 -9L-8 0M6 -9L6 0" stroke="#6b4a2a" stroke-width="2.4"/>';

const plumWarbler: Draw = (c) =>
  plumSky(c) + plumBranch + plumFlowers(c) + `<g transform="translate(88 190) scale(1.45)">${warbler}</g>`;

const plumPoetry: Draw = (c) => plumSky(c) + plumBranch + plumFlowers(c) + ribbon('poetry', 92, 150, -14);

// ---------------------------------------------------------------- 3 cherry

function cherryFlower(id: string): string {
  let petals = '';
  for (let i = 0; i < 5; i++) {
    petals += `<path d="M0 0C-7 -3 -8 -11 -3.5 -13L0 -10.5L3.5 -13C8 -11 7 -3 0 0Z" transform="rotate(${i * 72})"/>`;
  }
  return (
    `<g id="${id}"><g fill="#fff6f6" stroke="#d9788c" stroke-width=".9">${petals}</g>` +
    `<circle r="3" fill="#e0506e"/></g>`
  );
}

/** Haze and blossom clusters over a red sky: the cherry background. */
function cherryTrees(c: Ctx, spots: readonly Spot[]): string {
  return (
    sky(c, C.sky, 0.7) +
    `<path d="M-10 300C20 240 14 170 40 120S90 70 100 30M36 140C60 146 80 138 110 120" fill="none" stroke="#3a2418" stroke-width="9" stroke-linecap="round"/>` +
    `<g fill="#fbe3e6" opacity=".85"><path d="M-10 70Q40 40 90 66T210 50V90Q150 108 100 92T-10 104Z"/><path d="M-10 160Q60 130 120 150T210 140V170Q140 190 80 176T-10 184Z"/></g>` +
    uses(c, 'flower', cherryFlower, spots)
  );
}

const blossomsHigh: readonly Spot[] = [
  [20, 60, 1.2],
  [48, 76, 1.4, 20],
  [80, 58, 1.1],
  [104, 84, 1.3, 10],
  [132, 62, 1.2],
  [160, 80, 1.4, 30],
  [186, 58, 1.1],
  [70, 98, 1],
  [150, 104, 1],
  [30, 150, 1.3],
  [62, 166, 1.1, 15],
  [100, 146, 1.4],
  [136, 168, 1.2, 40],
  [168, 150, 1.3],
  [190, 172, 1],
];

const cherryChaff: Draw = (c) =>
  cherryTrees(c, [...blossomsHigh, [40, 214, 1.3], [90, 228, 1.1], [146, 216, 1.4], [180, 236, 1.1]]) +
  `<path d="M0 254Q100 232 200 254V300H0Z" fill="${C.red}"/>`;

function curtain(c: Ctx): string {
  const crest = c.id('crest', (id) => {
    let p = '';
    for (let i = 0; i < 5; i++) p += `<ellipse cx="0" cy="-6" rx="4" ry="6" transform="rotate(${i * 72})"/>`;
    return `<g id="${id}"><circle r="13" fill="#fff7ef" stroke="${C.gold}" stroke-width="2"/><g fill="${C.red}">${p}</g><circle r="2.4" fill="${C.gold}"/></g>`;
  });
  let folds = '';
  for (let x = 22; x < 194; x += 22) folds += `M${x} 180V${x % 44 === 0 ? 282 : 272}`;
  return (
    `<path d="M6 176H194V276Q172 294 150 280Q126 296 100 280Q74 296 50 280Q28 294 6 276Z" fill="${C.red}" stroke="#6e0c12" stroke-width="2"/>` +
    `<path d="M6 206H194V236H6Z" fill="#fff7ef"/>` +
    `<path d="${folds}" stroke="#000" stroke-opacity=".22" stroke-width="2"/>` +
    [40, 100, 160].map((x) => `<use href="#${crest}" x="${x}" y="221"/>`).join('') +
    `<path d="M2 174H198" stroke="#5a3a22" stroke-width="7" stroke-linecap="round"/>` +
    `<g stroke="${C.gold}" stroke-width="4" fill="none" stroke-linecap="round"><path d="M18 176Q30 200 20 226M182 176Q170 200 180 226"/></g>` +
    `<g fill="${C.gold}"><path d="M14 226H26L24 246H16Z"/><path d="M174 226H186L184 246H176Z"/></g>`
  );
}

const cherryCurtain: Draw = (c) => cherryTrees(c, blossomsHigh) + curtain(c);

const cherryPoetry: Draw = (c) =>
  cherryTrees(c, [...blossomsHigh, [30, 230, 1.2], [170, 236, 1.3], [60, 272, 1], [150, 276, 1.2]]) +
  ribbon('poetry', 104, 190, 12, 'miyoshino');

// ---------------------------------------------------------------- 4 wisteria

/** One hanging wisteria raceme, from (0, 0) downward. */
function raceme(id: string): string {
  let beads = '';
  for (let i = 0; i < 12; i++) {
    const r = 6.4 - i * 0.38;
    beads += `<ellipse cx="${n(3 * Math.sin(i * 0.9))}" cy="${n(6 + i * 6.6)}" rx="${n(r * 1.15)}" ry="${n(r * 0.8)}" fill="${i % 2 ? '#9c82d2' : '#6a48a6'}"/>`;
  }
  return `<g id="${id}" stroke="#33205c" stroke-width=".8"><path d="M0 0V80" stroke="#2b1d17" stroke-width="1.5"/>${beads}</g>`;
}

function wisteriaVine(c: Ctx, hang: readonly Spot[]): string {
  const leaves = [
    [30, 24, 30],
    [58, 30, -20],
    [96, 20, 40],
    [140, 28, -30],
    [172, 18, 20],
    [120, 40, 60],
  ]
    .map(([x, y, r]) => `<ellipse cx="${x}" cy="${y}" rx="12" ry="5" transform="rotate(${r} ${x} ${y})"/>`)
    .join('');
  return (
    `<path d="M-4 16C40 36 80 6 120 26S180 30 204 10" fill="none" stroke="#2b1d17" stroke-width="6"/>` +
    uses(c, 'raceme', raceme, hang) +
    `<g fill="${C.green}" stroke="${C.darkGreen}" stroke-width="1">${leaves}</g>`
  );
}

const wisteriaHang: readonly Spot[] = [
  [24, 22, 1.3],
  [56, 26, 1.6],
  [90, 22, 1.2],
  [122, 26, 1.5],
  [156, 24, 1.7],
  [184, 18, 1.2],
];

const wisteriaGround = `<path d="M0 246Q100 222 200 244V300H0Z" fill="${C.red}"/>`;

const wisteriaChaff: Draw = (c) => wisteriaGround + wisteriaVine(c, wisteriaHang);

const wisteriaRibbon: Draw = (c) =>
  wisteriaGround +
  wisteriaVine(
    c,
    wisteriaHang.filter((_, i) => i % 2 === 0),
  ) +
  ribbon('plain', 108, 178, -12);

/** A cuckoo flying left with spread wings, centred on (0, 0): its long tail is rounded and barred, not a swallow's fork. */
const cuckoo =
  '<g stroke="#0d0b12" stroke-width="1.4" stroke-linejoin="round">' +
  '<path d="M-6 -2C2 -32 24 -50 52 -56C42 -36 30 -16 14 0Z" fill="#3b3648"/>' +
  '<path d="M24 -3C38 -7 54 -7 64 -3C67 0 65 4 60 5C47 6 34 5 24 3Z" fill="#2a2632"/>' +
  '<path d="M38 -5V5M46 -5V5M54 -5V5" stroke="#d8d0c0" stroke-width="1.2"/>' +
  '<path d="M-34 0C-18 -10 14 -8 32 0C16 10 -16 10 -34 0Z" fill="#3b3648"/>' +
  '<path d="M-22 4C-8 10 10 8 24 2C10 6 -8 6 -22 4Z" fill="#d8d0c0" stroke="none"/>' +
  '<path d="M0 2C12 16 26 26 44 30C34 16 24 6 12 -1Z" fill="#2a2632"/>' +
  '<circle cx="-34" cy="-3" r="8.5" fill="#3b3648"/>' +
  '<path d="M-42 -4L-54 -1L-42 1Z" fill="#e0a21a"/></g>' +
  '<circle cx="-37" cy="-5" r="2.6" fill="#f0c020"/><circle cx="-37.6" cy="-5" r="1.3" fill="#111"/>';

const wisteriaCuckoo: Draw = (c) => {
  const m = c.id(
    'moon',
    (id) =>
      `<mask id="${id}"><rect width="200" height="300" fill="#fff"/><circle cx="58" cy="160" r="34" fill="#000"/></mask>`,
  );
  return (
    sky(c, '#e8574e', 0.5) +
    wisteriaGround +
    `<circle cx="42" cy="170" r="38" fill="${C.gold}" mask="url(#${m})"/>` +
    wisteriaVine(
      c,
      wisteriaHang.filter((_, i) => i !== 3),
    ) +
    `<g transform="translate(108 186) scale(1.3)">${cuckoo}</g>`
  );
};

export const SPRING: Record<string, Draw> = {
  'pine-crane': pineCrane,
  'pine-poetry': pinePoetry,
  'pine-chaff': pineChaff,
  'plum-warbler': plumWarbler,
  'plum-poetry': plumPoetry,
  'plum-chaff': plumChaff,
  'cherry-curtain': cherryCurtain,
  'cherry-poetry': cherryPoetry,
  'cherry-chaff': cherryChaff,
  'wisteria-cuckoo': wisteriaCuckoo,
  'wisteria-ribbon': wisteriaRibbon,
  'wisteria-chaff': wisteriaChaff,
};
