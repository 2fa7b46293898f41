/** Months 5–8: iris, peony, bush clover, susuki grass. */
import { along, C, type Ctx, curve, n, type Pt, ribbon, scallop, sky, type Spot, uses } from './shapes.js';

type Draw = (c: Ctx) => string;

// ---------------------------------------------------------------- 5 iris

/** Sword leaves rising from the bottom edge: [x at the base, height, lean]. */
function irisLeaves(leaves: readonly (readonly [number, number, number])[]): string {
  const d = leaves
    .map(
      ([x, h, lean]) =>
        `M${x} 300Q${n(x + lean * 0.2)} ${n(300 - h * 0.6)} ${n(x + lean)} ${n(300 - h)}Q${n(x + lean * 0.3 + 9)} ${n(300 - h * 0.55)} ${x + 11} 300Z`,
    )
    .join('');
  return `<path d="${d}" fill="${C.green}" stroke="${C.darkGreen}" stroke-width="1.5"/>`;
}

function irisFlower(id: string): string {
  return (
    `<g id="${id}" stroke="#1d1650" stroke-width="1" stroke-linejoin="round">` +
    '<path d="M0 40V4" stroke="#1f5a36" stroke-width="3"/>' +
    '<path d="M0 2C-7 -8 -6 -22 0 -27C6 -22 7 -8 0 2Z" fill="#7565cf"/>' +
    '<path d="M0 0C-10 -4 -25 0 -28 13C-20 17 -8 11 0 3Z" fill="#3d2f8f"/>' +
    '<path d="M0 0C10 -4 25 0 28 13C20 17 8 11 0 3Z" fill="#3d2f8f"/>' +
    '<path d="M0 1C-7 7 -7 18 0 24C7 18 7 7 0 1Z" fill="#5445b5"/>' +
    '<path d="M-6 4L-18 10M6 4L18 10M0 6V16" stroke="#f0c020" stroke-width="2.4" stroke-linecap="round"/></g>'
  );
}

const irisBed = (c: Ctx, flowers: readonly Spot[]): string =>
  irisLeaves([
    [4, 200, 14],
    [20, 250, -10],
    [34, 170, 24],
    [56, 230, 6],
    [78, 150, -18],
    [96, 260, 12],
    [118, 190, -8],
    [136, 240, 20],
    [156, 170, -14],
    [172, 230, 8],
    [186, 150, -20],
  ]) + uses(c, 'iris', irisFlower, flowers);

const irisFlowers: readonly Spot[] = [
  [30, 92, 1.1],
  [70, 136, 1],
  [108, 66, 1.2],
  [150, 118, 1.05],
  [178, 64, 0.95],
];

const irisSky = (c: Ctx): string => sky(c, '#e8574e', 0.45);

const irisChaff: Draw = (c) => irisSky(c) + irisBed(c, [...irisFlowers, [60, 210, 1], [140, 200, 1.1]]);

const irisRibbon: Draw = (c) => irisSky(c) + irisBed(c, irisFlowers) + ribbon('plain', 100, 196, -10);

/** The eight-plank bridge: two zigzag runs of planks over water. */
function bridge(): string {
  const top: Pt[] = [
    [-10, 176],
    [112, 222],
    [210, 168],
  ];
  const w = 34;
  const d = `M${top.map(([x, y]) => `${x} ${y}`).join('L')}L${top
    .slice()
    .reverse()
    .map(([x, y]) => `${x} ${y + w}`)
    .join('L')}Z`;
  let planks = '';
  for (let i = 1; i < 12; i++) {
    const [a, b] = i < 6 ? [top[0], top[1]] : [top[1], top[2]];
    const t = i < 6 ? i / 6 : (i - 6) / 6;
    const x = a[0] + (b[0] - a[0]) * t;
    const y = a[1] + (b[1] - a[1]) * t;
    planks += `M${n(x)} ${n(y)}l0 ${w}`;
  }
  return (
    `<path d="M0 236Q100 214 200 236V300H0Z" fill="#3d64a8"/>` +
    `<path d="M10 262q12 -6 24 0t24 0M90 282q12 -6 24 0t24 0M140 250q12 -6 24 0t24 0" fill="none" stroke="#cfe0f4" stroke-width="2"/>` +
    `<path d="${d}" fill="#a5713c" stroke="#3a2414" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="${planks}" stroke="#3a2414" stroke-width="1.6"/>` +
    `<path d="M26 224v40M80 243v40M150 234v40M186 214v40" stroke="#3a2414" stroke-width="5"/>`
  );
}

const irisBridge: Draw = (c) => irisSky(c) + irisBed(c, irisFlowers) + bridge();

// ---------------------------------------------------------------- 6 peony

function peonyFlower(id: string): string {
  return (
    `<g id="${id}" stroke="#5a0a10" stroke-width=".9">` +
    `<path d="${scallop(0, 0, 30, 20, 8)}" fill="#a3121d"/>` +
    `<path d="${scallop(0, -2, 22, 13, 7, 20)}" fill="#d2283a"/>` +
    `<path d="${scallop(0, -3, 13, 7, 6, 8)}" fill="#f07a85"/>` +
    `<circle cy="-3" r="4" fill="${C.gold}" stroke="none"/></g>`
  );
}

/** A peony leaf: three pointed lobes from (0, 0). */
function peonyLeaf(id: string): string {
  const lobe = 'M0 0C9 -10 9 -26 0 -38C-9 -26 -9 -10 0 0Z';
  return (
    `<g id="${id}" fill="${C.green}" stroke="${C.darkGreen}" stroke-width="1.2">` +
    `<path d="${lobe}" transform="rotate(-42)"/><path d="${lobe}" transform="rotate(42)"/><path d="${lobe}"/>` +
    `<path d="M0 0V-30M0 0L-20 -22M0 0L20 -22" stroke="#0c2416" fill="none"/></g>`
  );
}

const peonyBush = (c: Ctx, flowers: readonly Spot[], leaves: readonly Spot[]): string =>
  uses(c, 'leaf', peonyLeaf, leaves) + uses(c, 'peony', peonyFlower, flowers);

const peonyLeaves: readonly Spot[] = [
  [20, 300, 1.4, -20],
  [60, 270, 1.2, 10],
  [110, 300, 1.5, 0],
  [160, 280, 1.3, 30],
  [190, 250, 1.1, 50],
  [24, 220, 1, -50],
  [140, 220, 1, 20],
];

const peonyChaff: Draw = (c) =>
  `<rect width="200" height="300" fill="#f3e3c8"/>` +
  peonyBush(
    c,
    [
      [70, 170, 1.6],
      [150, 110, 1.2],
      [44, 80, 0.9],
    ],
    [...peonyLeaves, [110, 150, 1, 60], [20, 130, 1, -60], [180, 160, 1.1, 40]],
  );

function butterfly(id: string): string {
  return (
    `<g id="${id}" stroke="${C.ink}" stroke-width="1.2" stroke-linejoin="round">` +
    '<path d="M0 -2C-8 -22 -30 -26 -34 -12C-34 0 -16 2 0 0Z" fill="#2f5fb0"/>' +
    '<path d="M0 -2C8 -22 30 -26 34 -12C34 0 16 2 0 0Z" fill="#2f5fb0"/>' +
    '<path d="M0 1C-8 6 -22 14 -16 26C-8 26 -2 14 0 3Z" fill="#e2b52a"/>' +
    '<path d="M0 1C8 6 22 14 16 26C8 26 2 14 0 3Z" fill="#e2b52a"/>' +
    '<g fill="#f4e6a0" stroke="none"><circle cx="-22" cy="-12" r="4"/><circle cx="22" cy="-12" r="4"/></g>' +
    `<path d="M0 -8V16" stroke-width="3.5" stroke-linecap="round"/>` +
    '<path d="M0 -8C-3 -16 -8 -20 -12 -22M0 -8C3 -16 8 -20 12 -22" fill="none"/></g>'
  );
}

const peonyButterflies: Draw = (c) =>
  `<rect width="200" height="300" fill="#f3e3c8"/>` +
  peonyBush(c, [[100, 216, 1.6]], peonyLeaves) +
  c.use('butterfly', butterfly, 62, 86, 1.3, -18) +
  c.use('butterfly', butterfly, 146, 118, 1.05, 22);

const peonyBlue: Draw = (c) =>
  `<rect width="200" height="300" fill="#f3e3c8"/>` +
  peonyBush(
    c,
    [
      [60, 210, 1.4],
      [156, 236, 1.1],
    ],
    peonyLeaves,
  ) +
  ribbon('blue', 104, 128, 12);

// ---------------------------------------------------------------- 7 bush clover

/** Arching bush-clover sprays: each stem carries small leaves and red-violet flowers. */
function cloverSprays(stems: readonly (readonly [Pt, Pt, Pt, Pt])[], count = 17): string {
  let d = '';
  let leaves = '';
  let flowers = '';
  let buds = '';
  for (const s of stems) {
    d += curve(...s);
    along(...s, count).forEach(([x, y, a], i) => {
      const side = i % 2 === 0 ? 1 : -1;
      const la = a + side * 50;
      const lx = x + 7 * Math.cos((la * Math.PI) / 180);
      const ly = y + 7 * Math.sin((la * Math.PI) / 180);
      leaves += `<ellipse cx="${n(lx)}" cy="${n(ly)}" rx="7.5" ry="3.6" transform="rotate(${n(la)} ${n(lx)} ${n(ly)})"/>`;
      const fa = a - side * 65;
      const fx = x + 6 * Math.cos((fa * Math.PI) / 180);
      const fy = y + 6 * Math.sin((fa * Math.PI) / 180);
      if (i % 3 === 2) buds += `<circle cx="${n(fx)}" cy="${n(fy)}" r="2.8"/>`;
      else flowers += `<circle cx="${n(fx)}" cy="${n(fy)}" r="4.2"/>`;
    });
  }
  return (
    `<path d="${d}" fill="none" stroke="#4a1f2a" stroke-width="3"/>` +
    `<g fill="${C.green}" stroke="${C.darkGreen}" stroke-width=".7">${leaves}</g>` +
    `<g fill="#c2185b" stroke="#6d0c2f" stroke-width=".7">${flowers}</g><g fill="#ec8fb4" stroke="#6d0c2f" stroke-width=".5">${buds}</g>`
  );
}

const cloverGround = `<path d="M0 262Q100 244 200 262V300H0Z" fill="${C.red}"/>`;

const cloverChaff: Draw = () =>
  cloverGround +
  cloverSprays([
    [
      [20, 300],
      [20, 200],
      [90, 110],
      [196, 96],
    ],
    [
      [180, 300],
      [170, 220],
      [100, 170],
      [8, 160],
    ],
    [
      [90, 300],
      [100, 240],
      [140, 200],
      [200, 196],
    ],
    [
      [60, 300],
      [50, 220],
      [20, 130],
      [40, 30],
    ],
  ]);

const cloverRibbon: Draw = () =>
  cloverGround +
  cloverSprays([
    [
      [10, 300],
      [20, 180],
      [90, 90],
      [196, 70],
    ],
    [
      [190, 300],
      [186, 220],
      [150, 180],
      [110, 150],
    ],
  ]) +
  ribbon('plain', 96, 170, 14);

/** A boar charging left, centred on (0, 0). */
const boar =
  '<g stroke="#1d120a" stroke-width="1.6" stroke-linejoin="round">' +
  '<path d="M-30 14L-46 32L-40 34L-22 18ZM-14 16L-22 36L-16 37L-6 18ZM26 12L40 32L46 30L36 8ZM38 6L60 22L62 16L46 2Z" fill="#3a2414"/>' +
  '<path d="M-46 -4C-40 -30 10 -40 40 -28C58 -20 58 4 44 14C20 22 -20 22 -40 14C-48 10 -50 2 -46 -4Z" fill="#6b4428"/>' +
  '<path d="M-40 -14C-30 -36 14 -44 42 -28L38 -23C14 -34 -22 -30 -34 -10Z" fill="#3a2414"/>' +
  '<path d="M-30 -26l-3 -5M-18 -32l-2 -6M-6 -35l-1 -6M6 -36l0 -6M18 -35l1 -6M30 -32l2 -5" stroke-width="2" stroke-linecap="round"/>' +
  '<path d="M-40 12C-20 18 20 18 40 12C20 14 -20 14 -40 12Z" fill="#a67c52" stroke="none"/>' +
  '<path d="M-44 -8C-56 -8 -66 -2 -72 6L-72 13C-62 15 -52 15 -40 12Z" fill="#6b4428"/>' +
  '<path d="M-38 -14L-30 -30L-26 -12Z" fill="#3a2414"/>' +
  '<path d="M48 -16Q60 -24 58 -8" fill="none" stroke-width="2.4"/></g>' +
  '<ellipse cx="-72" cy="9.5" rx="2.6" ry="4.2" fill="#c9a58a" stroke="#1d120a"/>' +
  '<path d="M-62 10Q-61 2 -55 -1" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/>' +
  '<circle cx="-48" cy="-6" r="2.4" fill="#fff"/><circle cx="-48.6" cy="-6" r="1.3" fill="#111"/>';

const cloverBoar: Draw = () =>
  cloverGround +
  cloverSprays([
    [
      [10, 300],
      [10, 190],
      [80, 100],
      [196, 80],
    ],
    [
      [196, 150],
      [150, 130],
      [80, 120],
      [20, 30],
    ],
  ]) +
  `<g transform="translate(112 214) scale(1.35)">${boar}</g>`;

// ---------------------------------------------------------------- 8 susuki

/** The black hill with susuki grass drawn over it in pale lines. */
function susukiHill(top = 150): string {
  let blades = '';
  for (let i = 0; i < 16; i++) {
    const x = 2 + i * 13;
    const bend = i % 2 === 0 ? 26 : -20;
    const h = top - 12 - ((i * 37) % 30);
    blades += `M${x} 300Q${x + bend * 0.2} ${n((300 + h) / 2)} ${x + bend} ${h}`;
  }
  let plumes = '';
  for (let i = 0; i < 6; i++) {
    const x = 14 + i * 34;
    const y = top - 22 - ((i * 17) % 20);
    plumes += `M${x} ${y + 24}Q${x + 4} ${y + 8} ${x + 14} ${y}M${x + 3} ${y + 14}l-6 -6M${x + 6} ${y + 8}l-5 -8M${x + 9} ${y + 4}l-3 -8M${x + 5} ${y + 12}l7 -3`;
  }
  return (
    `<path d="M0 ${top}Q50 ${top - 40} 110 ${top - 8}T200 ${top - 16}V300H0Z" fill="#1b1613"/>` +
    `<path d="${blades}" fill="none" stroke="#efe6cf" stroke-width="1.6" stroke-opacity=".85"/>` +
    `<path d="${plumes}" fill="none" stroke="#efe6cf" stroke-width="1.6" stroke-linecap="round"/>`
  );
}

const susukiChaff: Draw = (c) => sky(c, '#f0c5ae', 0.5) + susukiHill(168);

const susukiMoon: Draw = (c) =>
  `<rect width="200" height="300" fill="${C.sky}"/>` +
  `<circle cx="100" cy="122" r="62" fill="url(#${c.rgrad('moon', '#fffdf4', '#f1e6c6')})" stroke="#c9b98a" stroke-width="1.5"/>` +
  susukiHill(170);

function goose(id: string): string {
  return (
    `<g id="${id}" fill="${C.ink}">` +
    '<path d="M-20 0C-6 -5 12 -5 26 0C12 5 -6 5 -20 0Z"/>' +
    '<path d="M-4 -1C0 -16 12 -24 26 -30C18 -16 14 -7 8 -1Z"/>' +
    '<path d="M0 1C6 9 16 15 30 16C20 8 14 3 6 0Z"/>' +
    '<path d="M-20 0L-32 -3" stroke="#1c1714" stroke-width="3.5" stroke-linecap="round"/>' +
    '<circle cx="-33" cy="-3" r="4"/><path d="M-36 -3L-43 -1L-36 0Z" fill="#c77a1a"/></g>'
  );
}

const susukiGeese: Draw = (c) =>
  sky(c, C.sky, 0.75) +
  c.use('goose', goose, 60, 70, 1.25, -8) +
  c.use('goose', goose, 104, 98, 1.15, -8) +
  c.use('goose', goose, 146, 126, 1.05, -8) +
  susukiHill(176);

export const SUMMER: Record<string, Draw> = {
  'iris-bridge': irisBridge,
  'iris-ribbon': irisRibbon,
  'iris-chaff': irisChaff,
  'peony-butterflies': peonyButterflies,
  'peony-blue': peonyBlue,
  'peony-chaff': peonyChaff,
  'clover-boar': cloverBoar,
  'clover-ribbon': cloverRibbon,
  'clover-chaff': cloverChaff,
  'susuki-moon': susukiMoon,
  'susuki-geese': susukiGeese,
  'susuki-chaff': susukiChaff,
};
