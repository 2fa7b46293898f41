/**
 * Drawing helpers shared by every card: number formatting, polar shapes, and the
 * definitions (symbols, gradients) a card declares once and uses many times.
 *
 * A card is drawn in a 200 × 300 viewBox; the face is the rounded rectangle
 * x 6..194, y 6..294 (see FACE in card.ts).
 */

/** A number with at most one decimal, so the SVG stays small. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);

/** The point at `deg` degrees (0 = right, 90 = down) and radius `r` around (cx, cy). */
export function polar(cx: number, cy: number, r: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
}

const pt = ([x, y]: [number, number]): string => `${n(x)} ${n(y)}`;

/**
 * A round-lobed flower or cloud outline: `count` lobes reaching about `r`, with valleys
 * at `inner`. Used for peonies, chrysanthemums and crests.
 */
export function scallop(cx: number, cy: number, r: number, inner: number, count: number, rot = 0): string {
  const step = 360 / count;
  let d = `M${pt(polar(cx, cy, inner, rot))}`;
  for (let i = 0; i < count; i++) {
    const a = rot + i * step;
    d += `C${pt(polar(cx, cy, r, a + step * 0.05))} ${pt(polar(cx, cy, r, a + step * 0.95))} ${pt(polar(cx, cy, inner, a + step))}`;
  }
  return `${d}Z`;
}

/** A star with `count` points between radii `r` and `inner`. */
export function star(cx: number, cy: number, r: number, inner: number, count: number, rot = -90): string {
  const step = 180 / count;
  let d = '';
  for (let i = 0; i < count * 2; i++) {
    d += `${i === 0 ? 'M' : 'L'}${pt(polar(cx, cy, i % 2 === 0 ? r : inner, rot + i * step))}`;
  }
  return `${d}Z`;
}

/** The traditional palette. */
export const C = {
  face: '#f6efdd',
  ink: '#1c1714',
  red: '#c8202b',
  sky: '#d9382c',
  pink: '#f4c6cc',
  green: '#1f5a36',
  darkGreen: '#123a24',
  blue: '#263f8f',
  gold: '#d9a521',
  purple: '#5b3f95',
  brown: '#5a3a22',
} as const;

/**
 * What a card's drawing needs: an id prefix so its definitions do not clash with another
 * card's in one HTML page, and the definitions declared so far.
 */
export class Ctx {
  private readonly defs = new Map<string, string>();
  constructor(readonly prefix: string) {}

  /** The id `name` in this card; `def` declares its definition the first time. */
  id(name: string, def?: (id: string) => string): string {
    const id = `${this.prefix}-${name}`;
    if (def && !this.defs.has(id)) this.defs.set(id, def(id));
    return id;
  }

  /** `<use>` of the definition `name` (declared by `def` the first time). */
  use(
    name: string,
    def: (id: string) => string,
    x: number,
    y: number,
    scale = 1,
    rot = 0,
    extra = '',
  ): string {
    const id = this.id(name, def);
    const t = [`translate(${n(x)} ${n(y)})`];
    if (rot) t.push(`rotate(${n(rot)})`);
    if (scale !== 1) t.push(`scale(${n(scale)})`);
    return `<use href="#${id}" transform="${t.join(' ')}"${extra}/>`;
  }

  /** A vertical linear gradient from `top` to `bottom` (stops at `from` and `to`, 0..1). */
  vgrad(name: string, top: string, bottom: string, from = 0, to = 1): string {
    return this.id(
      name,
      (id) =>
        `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="${from}" stop-color="${top}"/><stop offset="${to}" stop-color="${bottom}"/></linearGradient>`,
    );
  }

  /** A radial gradient from `inner` at the centre to `outer` at the edge. */
  rgrad(name: string, inner: string, outer: string): string {
    return this.id(
      name,
      (id) =>
        `<radialGradient id="${id}"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>`,
    );
  }

  defsMarkup(): string {
    return this.defs.size === 0 ? '' : `<defs>${[...this.defs.values()].join('')}</defs>`;
  }
}

/** A sky: the top of the face filled with a gradient fading into the face colour at `depth`. */
export function sky(c: Ctx, color: string, depth = 0.55, name = 'sky'): string {
  const g = c.vgrad(name, color, C.face, 0.15, depth);
  return `<rect x="0" y="0" width="200" height="300" fill="url(#${g})"/>`;
}

/**
 * Brush writing on a poetry ribbon, drawn by hand here (not a font): the pine's and the plum's
 * read あかよろし, the cherry's みよしの (the poem's place, Yoshino).
 */
const WRITING = {
  akayoroshi:
    '<path d="M-6 -56H6M-1 -61C-3 -50 -4 -44 -6 -40M4 -51C-8 -48 -9 -38 0 -39C7 -40 7 -48 2 -50"/>' +
    '<path d="M-7 -26L-2 -31V-18M-3 -27H6C6 -20 4 -15 1 -14M7 -31L9 -27"/>' +
    '<path d="M1 -6V11M1 -1H8M1 11C-7 7 -5 3 2 5C8 7 8 11 6 13"/>' +
    '<path d="M-5 24H4L-3 33C3 29 9 33 5 39C3 42 -1 42 -3 41"/>' +
    '<path d="M-2 50V62C-2 66 3 66 6 61"/>',
  // み: a bent stroke that loops back, and a short down-stroke; よ; し; の: one round stroke.
  miyoshino:
    '<path d="M-7 -60H3L-4 -48C-8 -42 -2 -41 2 -45C5 -48 7 -44 9 -41M5 -54C5 -48 3 -42 0 -37"/>' +
    '<path d="M0 -28V-10C0 -6 -6 -6 -6 -10C-6 -14 2 -13 8 -8M0 -22H7"/>' +
    '<path d="M-2 2V18C-2 24 4 24 8 18"/>' +
    '<path d="M1 34C-4 44 -9 50 -5 52C1 54 8 48 8 40C8 32 -2 30 -8 37"/>',
} as const;

/** A tanzaku (poem slip): poetry = red with writing, plain = red, blue = blue. */
export function ribbon(
  kind: 'poetry' | 'plain' | 'blue',
  x: number,
  y: number,
  rot = 14,
  writing: keyof typeof WRITING = 'akayoroshi',
): string {
  const fill = kind === 'blue' ? C.blue : C.red;
  const edge = kind === 'blue' ? '#14214f' : '#6e0c12';
  let s =
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<path d="M-17 -72H17V72H-17Z" fill="${fill}" stroke="${edge}" stroke-width="2"/>` +
    `<path d="M-12 -66V66M12 -66V66" stroke="${kind === 'blue' ? '#8fa3dc' : '#f2a2a0'}" stroke-width="1" opacity=".7"/>`;
  if (kind === 'poetry') {
    s += `<g fill="none" stroke="${C.ink}" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round">${WRITING[writing]}</g>`;
  }
  return `${s}</g>`;
}

export type Pt = readonly [number, number];

/** `count` points evenly in t along the cubic Bézier p0..p3, each with its direction in degrees. */
export function along(
  p0: Pt,
  p1: Pt,
  p2: Pt,
  p3: Pt,
  count: number,
  from = 0.08,
  to = 0.98,
): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let i = 0; i < count; i++) {
    const t = from + ((to - from) * i) / Math.max(1, count - 1);
    const u = 1 - t;
    const x = u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0];
    const y = u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1];
    const dx = 3 * u * u * (p1[0] - p0[0]) + 6 * u * t * (p2[0] - p1[0]) + 3 * t * t * (p3[0] - p2[0]);
    const dy = 3 * u * u * (p1[1] - p0[1]) + 6 * u * t * (p2[1] - p1[1]) + 3 * t * t * (p3[1] - p2[1]);
    out.push([x, y, (Math.atan2(dy, dx) * 180) / Math.PI]);
  }
  return out;
}

/** The path data of the cubic Bézier p0..p3. */
export const curve = (p0: Pt, p1: Pt, p2: Pt, p3: Pt): string =>
  `M${n(p0[0])} ${n(p0[1])}C${n(p1[0])} ${n(p1[1])} ${n(p2[0])} ${n(p2[1])} ${n(p3[0])} ${n(p3[1])}`;

export type Spot = readonly [x: number, y: number, scale: number, rot?: number];

/** `<use>` of one definition at each spot. */
export const uses = (c: Ctx, name: string, def: (id: string) => string, spots: readonly Spot[]): string =>
  spots.map(([x, y, s, r]) => c.use(name, def, x, y, s, r ?? 0)).join('');
