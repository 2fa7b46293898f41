/** Months 9–12: chrysanthemum, maple, willow, paulownia. */
import { C, type Ctx, n, polar, ribbon, scallop, sky, type Spot, uses } from './shapes.js';

type Draw = (c: Ctx) => string;
/** A spot with a colour, for definitions drawn in `currentColor`. */
type Tinted = readonly [x: number, y: number, scale: number, rot: number, color: string];

const tinted = (c: Ctx, name: string, def: (id: string) => string, spots: readonly Tinted[]): string =>
  spots.map(([x, y, s, r, color]) => c.use(name, def, x, y, s, r, ` color="${color}"`)).join('');

// ---------------------------------------------------------------- 9 chrysanthemum

function chrysanthemum(id: string): string {
  return (
    `<g id="${id}" stroke="#5a3a10" stroke-width=".9">` +
    `<path d="${scallop(0, 0, 24, 13, 16)}" fill="currentColor"/>` +
    `<path d="${scallop(0, 0, 15, 7, 12, 8)}" fill="currentColor"/>` +
    `<path d="${scallop(0, 0, 15, 7, 12, 8)}" fill="#fff" fill-opacity=".35" stroke="none"/>` +
    `<circle r="4.5" fill="#c77a1a"/></g>`
  );
}

function chrysLeaf(id: string): string {
  return (
    `<g id="${id}"><path d="M0 0C-10 -6 -16 -16 -10 -22C-16 -28 -8 -38 0 -33C8 -38 16 -28 10 -22C16 -16 10 -6 0 0Z" fill="${C.green}" stroke="${C.darkGreen}" stroke-width="1.2"/>` +
    `<path d="M0 0V-30M0 -14L-8 -20M0 -14L8 -20" stroke="${C.darkGreen}" stroke-width="1" fill="none"/></g>`
  );
}

const YELLOW = '#f2b51c';
const WHITE = '#fbf6ea';
const RED = '#d0303a';

function chrysBed(c: Ctx, flowers: readonly Tinted[], leaves: readonly Spot[]): string {
  const stems = flowers
    .map(
      ([x, y]) =>
        `M${x} ${y}Q${n(x + (x > 100 ? -16 : 16))} ${n((y + 300) / 2)} ${n(x + (x > 100 ? -6 : 6))} 300`,
    )
    .join('');
  return (
    `<path d="${stems}" fill="none" stroke="${C.darkGreen}" stroke-width="2.5"/>` +
    uses(c, 'leaf', chrysLeaf, leaves) +
    tinted(c, 'kiku', chrysanthemum, flowers)
  );
}

const chrysLeaves: readonly Spot[] = [
  [30, 270, 1.1, -30],
  [70, 250, 1, 20],
  [120, 280, 1.2, -10],
  [170, 260, 1.1, 35],
  [48, 196, 0.9, -50],
  [150, 200, 0.9, 50],
];

const chrysChaff: Draw = (c) =>
  sky(c, '#ebb59b', 0.45) +
  chrysBed(
    c,
    [
      [60, 90, 1.3, 0, YELLOW],
      [140, 70, 1.1, 10, RED],
      [100, 150, 1.4, 5, WHITE],
      [40, 190, 1, 12, RED],
      [160, 170, 1.2, 3, YELLOW],
    ],
    chrysLeaves,
  );

const chrysBlue: Draw = (c) =>
  sky(c, '#ebb59b', 0.45) +
  chrysBed(
    c,
    [
      [44, 70, 1.2, 0, YELLOW],
      [160, 200, 1.3, 10, RED],
      [40, 210, 1.1, 4, WHITE],
    ],
    chrysLeaves,
  ) +
  ribbon('blue', 110, 126, 14);

/** A red lacquer sake cup with a gold "kotobuki" mark, centred on (0, 0). */
const sakeCup =
  `<path d="M-18 20L-24 36H24L18 20Z" fill="#7d0d16" stroke="#3d0509" stroke-width="1.5"/>` +
  `<path d="M-60 -12C-52 30 52 30 60 -12Z" fill="#b3141f" stroke="#3d0509" stroke-width="2"/>` +
  `<ellipse cy="-12" rx="60" ry="15" fill="#e23b40" stroke="${C.gold}" stroke-width="3"/>` +
  `<ellipse cy="-11" rx="48" ry="9" fill="#c21d29"/>` +
  `<circle cy="8" r="11" fill="none" stroke="${C.gold}" stroke-width="1.6"/>` +
  `<path d="M-6 1H6M-5 4.5H5M-8 8H8M0 -1V9M-5 11.5H6V16Q6 18 3 17M-2 13L0 15" fill="none" stroke="${C.gold}" stroke-width="1.8" stroke-linecap="round"/>`;

const chrysSake: Draw = (c) =>
  sky(c, '#ebb59b', 0.45) +
  chrysBed(
    c,
    [
      [48, 70, 1.2, 0, YELLOW],
      [150, 80, 1.1, 12, WHITE],
      [100, 124, 1, 4, RED],
    ],
    chrysLeaves,
  ) +
  `<g transform="translate(100 214) scale(1.1)">${sakeCup}</g>`;

// ---------------------------------------------------------------- 10 maple

function mapleLeaf(id: string): string {
  const tips: readonly (readonly [number, number])[] = [
    [-90, 22],
    [-48, 20],
    [-8, 16],
    [30, 9],
    [150, 9],
    [188, 16],
    [228, 20],
  ];
  let d = '';
  tips.forEach(([a, r], i) => {
    const [tx, ty] = polar(0, 0, r, a);
    const next = tips[(i + 1) % tips.length][0];
    const mid = i === 3 ? 90 : (a + (next < a ? next + 360 : next)) / 2;
    const [vx, vy] = polar(0, 0, i === 3 ? 3 : 7, mid);
    d += `${i === 0 ? 'M' : 'L'}${n(tx)} ${n(ty)}L${n(vx)} ${n(vy)}`;
  });
  return (
    `<g id="${id}"><path d="${d}Z" fill="currentColor" stroke="#4a0a0e" stroke-width="1" stroke-linejoin="round"/>` +
    `<path d="M0 0V-18M0 0L14 -12M0 0L-14 -12M0 0V12" stroke="#4a0a0e" stroke-width=".8" fill="none"/></g>`
  );
}

const M1 = '#c8202b';
const M2 = '#e0662a';
const M3 = '#e8b020';

function mapleTree(c: Ctx, leaves: readonly Tinted[]): string {
  return (
    `<path d="M210 20C150 40 120 70 100 110S40 150 -10 160M120 70C140 100 170 110 210 120M60 136C50 110 40 90 10 70" fill="none" stroke="#2b1d17" stroke-width="5" stroke-linecap="round"/>` +
    tinted(c, 'leaf', mapleLeaf, leaves)
  );
}

const mapleLeaves: readonly Tinted[] = [
  [180, 30, 1.3, 10, M1],
  [140, 52, 1.1, -20, M2],
  [110, 90, 1.4, 15, M1],
  [160, 100, 1.2, 30, M3],
  [196, 120, 1.1, 0, M1],
  [70, 130, 1.3, -15, M1],
  [30, 150, 1.1, 20, M2],
  [10, 72, 1.2, -30, M1],
  [44, 94, 1, 10, M3],
  [84, 40, 1.1, 0, M2],
  [130, 130, 0.9, 40, M1],
];

const mapleGround = `<path d="M0 266Q100 250 200 266V300H0Z" fill="#7a8f4a"/>`;

const mapleChaff: Draw = (c) =>
  sky(c, '#f2d9a8', 0.5) +
  mapleGround +
  mapleTree(c, [
    ...mapleLeaves,
    [50, 200, 1.2, 20, M1],
    [120, 186, 1.1, -10, M3],
    [170, 220, 1.3, 30, M1],
    [90, 246, 1, 10, M2],
    [30, 250, 1.1, -20, M1],
  ]);

const mapleBlue: Draw = (c) =>
  sky(c, '#f2d9a8', 0.5) +
  mapleGround +
  mapleTree(c, [...mapleLeaves, [40, 220, 1.2, 20, M1], [170, 236, 1.1, -10, M2]]) +
  ribbon('blue', 100, 176, -12);

/** A deer standing, body to the right, looking back over its shoulder; feet at y = 0. */
const deer =
  '<g stroke="#3a1d08" stroke-width="1.5" stroke-linejoin="round">' +
  '<path d="M-34 -42L-38 0M-22 -40L-20 0M24 -40L28 0M34 -44L40 0" fill="none" stroke-width="5.5"/>' +
  '<path d="M-44 -62C-36 -78 22 -80 38 -68C48 -58 44 -42 32 -40C10 -36 -22 -36 -38 -42C-46 -46 -50 -56 -44 -62Z" fill="#a8632a"/>' +
  '<path d="M-38 -44C-16 -40 14 -40 32 -42C14 -46 -16 -46 -38 -44Z" fill="#f1dcb8" stroke="none"/>' +
  '<path d="M-44 -62L-52 -68L-48 -56Z" fill="#f1dcb8"/>' +
  '<path d="M24 -70C28 -86 30 -98 30 -106L44 -104C42 -90 42 -76 40 -60Z" fill="#a8632a"/>' +
  '<path d="M42 -102C40 -112 26 -116 14 -112L1 -106C2 -99 10 -96 20 -96C30 -94 40 -94 42 -102Z" fill="#a8632a"/>' +
  '<path d="M38 -108L52 -116L44 -100Z" fill="#a8632a"/>' +
  '<path d="M28 -112L24 -132L14 -142M24 -132L32 -146M34 -110L38 -130L32 -144M38 -130L48 -138" fill="none" stroke="#5a3010" stroke-width="2.6" stroke-linecap="round"/></g>' +
  '<g fill="#f6ead2"><circle cx="-24" cy="-62" r="2.6"/><circle cx="-10" cy="-66" r="2.6"/><circle cx="4" cy="-62" r="2.6"/><circle cx="18" cy="-66" r="2.6"/><circle cx="-16" cy="-54" r="2.2"/><circle cx="10" cy="-54" r="2.2"/></g>' +
  '<circle cx="20" cy="-105" r="2.2" fill="#111"/><circle cx="2.6" cy="-104.5" r="2.4" fill="#111"/>' +
  '<path d="M-38 0H-33M-20 0H-15M28 0H33M40 0H45" stroke="#111" stroke-width="3"/>';

const mapleDeer: Draw = (c) =>
  sky(c, '#f2d9a8', 0.5) +
  mapleGround +
  mapleTree(c, mapleLeaves) +
  `<g transform="translate(96 270) scale(1.15)">${deer}</g>`;

// ---------------------------------------------------------------- 11 willow

/** Drooping willow strands hanging from the top edge, with leaves as dashes. */
function willowStrands(xs: readonly number[], length: number, color = '#2f6a2a', leaf = '#6aa04a'): string {
  const d = xs
    .map((x, i) => {
      const sway = i % 2 === 0 ? 14 : -12;
      const l = length - ((i * 29) % 50);
      return `M${x} -4C${x + sway} ${n(l * 0.35)} ${x - sway} ${n(l * 0.7)} ${x + sway * 0.5} ${l}`;
    })
    .join('');
  return (
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="2"/>` +
    `<path d="${d}" fill="none" stroke="${leaf}" stroke-width="6" stroke-dasharray="7 6" stroke-linecap="round"/>`
  );
}

const stream =
  `<path d="M0 250Q100 232 200 248V300H0Z" fill="#2c3f6e"/>` +
  `<path d="M8 268q10 -6 20 0t20 0M100 284q10 -6 20 0t20 0M130 258q10 -6 20 0t20 0M40 290q10 -6 20 0t20 0" fill="none" stroke="#e8eefa" stroke-width="2"/>`;

/** The rain man: a courtier in black robes under a yellow umbrella, walking left; feet at y = 0. */
const rainman =
  '<g stroke="#140f0c" stroke-width="1.5" stroke-linejoin="round">' +
  '<path d="M12 -134L10 -64" stroke="#5a3a22" stroke-width="3"/>' +
  '<path d="M-50 -118Q0 -184 72 -150Q12 -150 -50 -118Z" fill="#e8b020"/>' +
  '<path d="M12 -158L-50 -118M12 -158L-18 -130M12 -158L14 -140M12 -158L42 -146M12 -158L72 -150" fill="none" stroke="#9a6a10" stroke-width="1.2"/>' +
  '<path d="M-16 -92L14 -92L30 -8L-30 -8Z" fill="#1c1714"/>' +
  '<path d="M-20 -40L24 -40L30 -8L-30 -8Z" fill="#c8202b"/>' +
  '<path d="M-14 -92L-38 -52L-22 -46L-4 -78Z" fill="#1c1714"/>' +
  '<path d="M12 -90L24 -60L10 -62Z" fill="#1c1714"/>' +
  '<path d="M-8 -92L0 -70L8 -92" fill="#f6efdd"/>' +
  '<path d="M-16 -66H16" stroke="#e8b020" stroke-width="3"/>' +
  '<circle cy="-100" r="9" fill="#f3dcc0"/>' +
  '<path d="M-6 -106L-4 -128L8 -122L6 -106Z" fill="#1c1714"/>' +
  '<path d="M-28 -8L-30 0H-16L-14 -8ZM14 -8L12 0H26L28 -8Z" fill="#5a3a22"/></g>' +
  '<circle cx="-4" cy="-100" r="1.3" fill="#111"/>' +
  '<g fill="#fff" opacity=".8"><circle cx="-8" cy="-30" r="2"/><circle cx="6" cy="-20" r="2"/><circle cx="16" cy="-32" r="2"/></g>';

/** A frog leaping up to the right, centred on (0, 0). */
const frog =
  '<g fill="#4f9a3a" stroke="#173a10" stroke-width="1.3" stroke-linejoin="round">' +
  '<path d="M-6 6L-24 20L-30 18M-2 8L-14 26L-20 26" fill="none" stroke="#4f9a3a" stroke-width="4" stroke-linecap="round"/>' +
  '<ellipse rx="13" ry="8" transform="rotate(-40)"/>' +
  '<path d="M6 -6L12 -18L16 -16" fill="none" stroke-width="3"/>' +
  '<circle cx="8" cy="-10" r="3.4" fill="#e8e0a0"/></g><circle cx="8.6" cy="-10.4" r="1.4" fill="#111"/>';

const rain = (): string => {
  let d = '';
  for (let i = 0; i < 14; i++) d += `M${(i * 37) % 200} ${20 + ((i * 53) % 200)}l-10 24`;
  return `<path d="${d}" stroke="#5d6f88" stroke-width="1.4" opacity=".7"/>`;
};

const willowRainman: Draw = (c) =>
  sky(c, '#b9c3cf', 0.7) +
  rain() +
  willowStrands([150, 172, 194], 200) +
  stream +
  `<g transform="translate(92 252) scale(1.2)">${rainman}</g>` +
  `<g transform="translate(164 226) scale(1.1)">${frog}</g>`;

/** A swallow diving to the left, centred on (0, 0). */
const swallow =
  '<g fill="#1a1d2e" stroke="#0a0b12" stroke-width="1" stroke-linejoin="round">' +
  '<path d="M10 -4L48 -22L30 -2L52 4L12 6Z"/>' +
  '<path d="M-2 -6C4 -30 20 -48 42 -58C34 -38 24 -18 12 -4Z"/>' +
  '<path d="M-22 0C-12 -8 4 -8 16 -2C6 6 -10 8 -22 0Z"/>' +
  '<path d="M0 2C6 16 14 30 28 40C24 24 18 12 10 0Z"/>' +
  '<circle cx="-22" cy="-1" r="7"/>' +
  '<path d="M-29 0L-37 3L-28 3Z"/></g>' +
  '<path d="M-28 3C-24 8 -18 7 -16 3Z" fill="#c8202b"/>' +
  '<path d="M-20 4C-10 7 4 6 12 2" stroke="#f6efdd" stroke-width="2" fill="none"/>' +
  '<circle cx="-24" cy="-3" r="1.4" fill="#fff"/>';

const willowSwallow: Draw = (c) =>
  sky(c, '#b9c3cf', 0.7) +
  willowStrands([12, 40, 70, 150, 182], 230) +
  stream +
  `<g transform="translate(104 150) scale(1.6) rotate(-14)">${swallow}</g>`;

const willowRibbon: Draw = (c) =>
  sky(c, '#b9c3cf', 0.7) +
  willowStrands([16, 46, 78, 150, 182], 236) +
  stream +
  ribbon('plain', 110, 156, 16);

const willowLightning: Draw = () => {
  const cloud =
    'M-4 -4H204V58C192 74 174 66 168 54C158 72 134 72 128 56C116 76 90 74 84 58C72 74 48 72 44 56C32 70 10 68 -4 56Z';
  const swirls = [30, 86, 140, 186]
    .map((x, i) => `M${x} ${40 + (i % 2) * 8}c-8 0 -10 -10 -2 -12c9 -2 13 9 6 15c-7 6 -18 2 -19 -7`)
    .join('');
  return (
    `<rect width="200" height="300" fill="#1b1613"/>` +
    willowStrands([20, 60, 100, 140, 180], 260, '#0d1f0d', '#3d5a3a') +
    `<path d="${cloud}" fill="${C.red}" stroke="#6e0c12" stroke-width="2"/>` +
    `<path d="${swirls}" fill="none" stroke="#6e0c12" stroke-width="2.5" stroke-linecap="round"/>` +
    `<path d="M96 60L70 130L96 126L60 214L124 112L96 116L122 60Z" fill="${C.gold}" stroke="#7a5a08" stroke-width="2" stroke-linejoin="round"/>` +
    `<path d="M164 64L148 132L164 130L140 190L182 120L166 122L182 64Z" fill="#f0c84a" stroke="#7a5a08" stroke-width="1.5" stroke-linejoin="round"/>` +
    `<path d="M36 60L26 110L36 108L20 150L50 100L40 102L50 60Z" fill="#f0c84a" stroke="#7a5a08" stroke-width="1.5" stroke-linejoin="round"/>` +
    `<path d="M0 250Q100 226 200 248V300H0Z" fill="${C.red}"/>` +
    `<path d="M0 264Q100 244 200 262" fill="none" stroke="#1b1613" stroke-width="3"/>`
  );
};

// ---------------------------------------------------------------- 12 paulownia

/** A broad paulownia leaf with its stem at (0, 0). */
function kiriLeaf(id: string): string {
  return (
    `<g id="${id}"><path d="M0 0C-36 -6 -46 -46 -22 -64C-12 -72 -2 -76 0 -90C2 -76 12 -72 22 -64C46 -46 36 -6 0 0Z" fill="${C.green}" stroke="#0a1f12" stroke-width="1.6"/>` +
    `<path d="M0 0V-82M0 -20L-24 -32M0 -20L24 -32M0 -44L-20 -58M0 -44L20 -58" stroke="#0a1f12" stroke-width="1.3" fill="none"/></g>`
  );
}

/** A paulownia flower spike: buds angled out from a stalk, base at (0, 0). */
function kiriFlower(id: string): string {
  let buds = '';
  let tips = '';
  for (let k = 0; k < 6; k++) {
    const y = -12 - k * 8;
    const x = 8 - k * 0.9;
    for (const side of [-1, 1]) {
      buds += `<ellipse cx="${n(side * x)}" cy="${y}" rx="3.4" ry="6.5" transform="rotate(${side * 35} ${n(side * x)} ${y})"/>`;
      tips += `<circle cx="${n(side * (x + 2.2))}" cy="${y - 3.5}" r="1.7"/>`;
    }
  }
  return (
    `<g id="${id}"><path d="M0 0V-62" stroke="#5a6a2a" stroke-width="2.5"/>` +
    `<g fill="#8450a8" stroke="#3a1550" stroke-width=".9">${buds}<ellipse cy="-64" rx="3.6" ry="6.5"/></g>` +
    `<g fill="#e6d2f2">${tips}<circle cy="-68" r="1.8"/></g></g>`
  );
}

function kiri(c: Ctx, leaves: readonly Spot[], flowers: readonly Spot[]): string {
  return uses(c, 'leaf', kiriLeaf, leaves) + uses(c, 'flower', kiriFlower, flowers);
}

const kiriLeaves: readonly Spot[] = [
  [30, 310, 1.3, -30],
  [100, 310, 1.5, 0],
  [172, 310, 1.3, 30],
  [60, 250, 0.9, -60],
  [146, 250, 0.9, 60],
];

const paulowniaChaff: Draw = (c) =>
  sky(c, '#e9c7a4', 0.5) +
  kiri(c, kiriLeaves, [
    [70, 150, 1.4],
    [100, 130, 1.6],
    [130, 150, 1.4],
  ]) +
  uses(c, 'leaf', kiriLeaf, [[100, 176, 0.8]]);

const paulowniaYellow: Draw = (c) =>
  `<rect y="206" width="200" height="94" fill="#e8c11c"/>` +
  `<path d="M0 206H200" stroke="#a8860a" stroke-width="2"/>` +
  kiri(
    c,
    [
      [40, 206, 1, -30],
      [100, 206, 1.2, 0],
      [160, 206, 1, 30],
    ],
    [
      [68, 126, 1.2],
      [100, 112, 1.35],
      [132, 126, 1.2],
    ],
  );

/** The phoenix, wings raised and tail sweeping down to the right, centred on (0, 0). */
function phoenix(c: Ctx): string {
  const feather = (color: string, rot: number): string =>
    `<g transform="rotate(${rot})"><path d="M4 8C36 30 62 70 56 116C48 84 30 50 0 16Z" fill="${color}" stroke="#3a1a08" stroke-width="1.2"/>` +
    `<circle cx="54" cy="104" r="7" fill="${C.gold}" stroke="#3a1a08" stroke-width="1"/><circle cx="54" cy="104" r="3" fill="${C.blue}"/></g>`;
  const g = c.vgrad('wing', '#f4d35e', '#2e8b57');
  return (
    feather('#2e8b57', 30) +
    feather(C.blue, 14) +
    feather(C.gold, -2) +
    feather('#c8202b', -18) +
    `<path d="M4 -6C24 -44 64 -56 92 -50C70 -36 50 -14 20 4Z" fill="${C.gold}" stroke="#3a1a08" stroke-width="1.4"/>` +
    `<path d="M-6 -6C-20 -44 0 -82 40 -96C30 -70 32 -36 16 -2Z" fill="url(#${g})" stroke="#3a1a08" stroke-width="1.4"/>` +
    `<path d="M2 -20C8 -42 20 -62 36 -80M10 -10C18 -32 30 -50 40 -60M14 -4C30 -24 54 -38 80 -46" fill="none" stroke="#3a1a08" stroke-width="1"/>` +
    `<ellipse cx="-4" cy="6" rx="22" ry="14" fill="#c8202b" stroke="#3a1a08" stroke-width="1.4"/>` +
    `<path d="M-18 0C-30 -10 -32 -28 -40 -36" fill="none" stroke="#3a1a08" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M-18 0C-30 -10 -32 -28 -40 -36" fill="none" stroke="#2e8b57" stroke-width="7" stroke-linecap="round"/>` +
    `<circle cx="-42" cy="-38" r="8" fill="#c8202b" stroke="#3a1a08" stroke-width="1.4"/>` +
    `<path d="M-48 -40L-60 -34L-48 -34Z" fill="${C.gold}" stroke="#3a1a08" stroke-width="1"/>` +
    `<path d="M-40 -46C-36 -58 -28 -60 -22 -56M-38 -46C-30 -54 -20 -52 -16 -46" fill="none" stroke="${C.gold}" stroke-width="2.5" stroke-linecap="round"/>` +
    `<circle cx="-44" cy="-40" r="2" fill="#fff"/><circle cx="-44.4" cy="-40" r="1" fill="#111"/>`
  );
}

const paulowniaPhoenix: Draw = (c) =>
  `<rect width="200" height="300" fill="${C.sky}"/>` +
  `<circle cx="150" cy="60" r="30" fill="#e8574e"/>` +
  kiri(c, kiriLeaves, [
    [30, 250, 1.1],
    [170, 250, 1.1],
  ]) +
  `<g transform="translate(96 118) scale(1.05)">${phoenix(c)}</g>`;

export const AUTUMN: Record<string, Draw> = {
  'chrysanthemum-sake': chrysSake,
  'chrysanthemum-blue': chrysBlue,
  'chrysanthemum-chaff': chrysChaff,
  'maple-deer': mapleDeer,
  'maple-blue': mapleBlue,
  'maple-chaff': mapleChaff,
  'willow-rainman': willowRainman,
  'willow-swallow': willowSwallow,
  'willow-ribbon': willowRibbon,
  'willow-lightning': willowLightning,
  'paulownia-phoenix': paulowniaPhoenix,
  'paulownia-yellow': paulowniaYellow,
  'paulownia-chaff': paulowniaChaff,
};
