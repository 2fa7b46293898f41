/** The deck's SVGs: one per card id, well-formed, labelled, self-contained, small. */
import { CARDS, MONTHS } from '@hanafuda/engine';
import { describe, expect, it } from 'vitest';
import { cardBackSvg, cardLabel, cardSvg, designOf, learnerText, themeCaption } from '../src/index.js';
import { galleryHtml } from '../src/gallery.js';

const IDS = CARDS.map((c) => c.id);

/** An `&` that starts none of XML's five entities. */
const STRAY_AMPERSAND = /&(?!(amp|lt|gt|quot|apos);)/;

/**
 * A small well-formedness check: every tag closes in order, attributes are quoted, text has
 * no stray `<` or `&`. Returns the root element's attributes.
 */
function checkXml(svg: string): Record<string, string> {
  // Each check runs as a plain test and calls expect only when it fails (for its message): an
  // expect per tag, on ~200 SVGs of hundreds of tags, took seconds.
  const stack: string[] = [];
  let root: Record<string, string> | undefined;
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y;
  let i = 0;
  while (i < svg.length) {
    const lt = svg.indexOf('<', i);
    const text = svg.slice(i, lt < 0 ? svg.length : lt);
    if (STRAY_AMPERSAND.test(text)) expect(text, 'text between tags').not.toMatch(STRAY_AMPERSAND);
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(svg);
    if (!m) throw new Error(`malformed tag at ${lt}: ${svg.slice(lt, lt + 60)}`);
    const [, close, name, attrs, selfClose] = m;
    if (STRAY_AMPERSAND.test(attrs))
      expect(attrs, `attribute values in <${name}>`).not.toMatch(STRAY_AMPERSAND);
    if (close) {
      const open = stack.pop();
      if (open !== name) expect(open, `closing </${name}>`).toBe(name);
    } else {
      if (!root) {
        root = Object.fromEntries([...attrs.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
        expect(name).toBe('svg');
      } else if (stack.length === 0) {
        expect(stack.length, `<${name}> outside the root`).toBeGreaterThan(0);
      }
      if (!selfClose) stack.push(name);
    }
    i = tag.lastIndex;
    if (stack.length === 0) {
      expect(svg.slice(i).trim(), 'nothing after the root').toBe('');
      break;
    }
  }
  expect(stack).toEqual([]);
  if (!root) throw new Error('no root element');
  return root;
}

/** Every internal reference (href="#x", url(#x)) names an id defined in the same SVG. */
function checkReferences(svg: string): void {
  const ids = new Set([...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  const refs = [...svg.matchAll(/href="#([^"]+)"|url\(#([^)]+)\)/g)].map((m) => m[1] ?? m[2]);
  for (const r of refs) if (!ids.has(r)) expect(ids.has(r), `reference #${r}`).toBe(true);
}

const variants = (id: string): string[] => [
  cardSvg(id),
  cardSvg(id, { learner: true }),
  cardSvg(id, { theme: 'hanafooda' }),
  cardSvg(id, { learner: true, theme: 'hanafooda', lang: 'ja', points: 20 }),
];

describe('cardSvg', () => {
  it('draws all 48 cards and the blank', () => {
    expect(IDS).toHaveLength(49);
    for (const id of IDS) expect(cardSvg(id)).toMatch(/^<svg /);
  });

  it('is well-formed, with role="img" and the card label on the root', () => {
    for (const id of IDS) {
      for (const svg of variants(id)) {
        const root = checkXml(svg);
        expect(root.role).toBe('img');
        expect(root['aria-label']).toBeTruthy();
        expect(root.viewBox).toBe('0 0 200 300');
        expect(root.width).toBeUndefined();
        expect(root.height).toBeUndefined();
        checkReferences(svg);
      }
      expect(checkXml(cardSvg(id))['aria-label']).toBe(cardLabel(id).replace(/&/g, '&amp;'));
      expect(checkXml(cardSvg(id, { lang: 'ja', points: 5 }))['aria-label']).toBe(cardLabel(id, 'ja', 5));
    }
  });

  it('gives distinct cards distinct drawings, except the two plain chaff of a month', () => {
    const seen = new Map<string, string>();
    for (const id of IDS) {
      const svg = cardSvg(id);
      const other = seen.get(svg);
      if (other !== undefined) {
        expect(designOf(other), `${id} looks like ${other}`).toBe(designOf(id));
        expect(id).toMatch(/-chaff-2$/);
      }
      seen.set(svg, id);
    }
    for (const m of MONTHS) {
      if (m.key === 'willow') continue;
      expect(cardSvg(`${m.key}-chaff-1`)).toBe(cardSvg(`${m.key}-chaff-2`));
    }
    // 48 cards, 11 chaff pairs drawn once each, and the blank.
    expect(seen.size).toBe(49 - 11);
  });

  it('refers to nothing outside itself', () => {
    for (const id of IDS) {
      for (const svg of variants(id)) {
        const body = svg.replace(' xmlns="http://www.w3.org/2000/svg"', '');
        expect(body).not.toMatch(/https?:|\/\/|<image|<script|<foreignObject|@import|data:/i);
        expect(body).not.toMatch(/href="[^#]/);
        expect(body).not.toMatch(/url\([^#]/);
      }
    }
  });

  it('stays small: every card under 12 KB', () => {
    for (const id of IDS) {
      for (const svg of variants(id)) expect(new TextEncoder().encode(svg).length).toBeLessThan(12 * 1024);
    }
  });

  it('adds the learner overlay only when asked', () => {
    expect(cardSvg('cherry-curtain', { learner: true })).toContain('>3 · Bright</text>');
    expect(cardSvg('cherry-curtain')).not.toContain('3 · Bright');
    expect(cardSvg('willow-lightning', { learner: true })).toContain('>11 · Chaff</text>');
    expect(cardSvg('maple-deer', { learner: true, lang: 'ja' })).toContain('>10 · タネ</text>');
    expect(cardSvg('blank', { learner: true })).toContain('>Blank</text>');
  });

  it('shows the HanaFooda name as a caption in that theme only', () => {
    expect(cardSvg('pine-crane', { theme: 'hanafooda' })).toContain('>Sushi</text>');
    expect(cardSvg('willow-swallow', { theme: 'hanafooda' })).toContain('>Fishes &amp; Spam</text>');
    expect(cardSvg('pine-crane', { theme: 'classic' })).toBe(cardSvg('pine-crane'));
    expect(cardSvg('blank', { theme: 'hanafooda' })).toBe(cardSvg('blank'));
  });

  it('uses the given id prefix so one page can hold two copies', () => {
    const a = cardSvg('susuki-moon', { idPrefix: 'a1' });
    expect(a).toContain('id="a1-clip"');
    expect(a).not.toContain('hf-susuki-moon');
    checkReferences(a);
  });

  it("takes the engine's card numbers too, and refuses an unknown card", () => {
    expect(cardSvg(CARDS.find((c) => c.id === 'susuki-moon')!.card)).toBe(cardSvg('susuki-moon'));
    expect(cardSvg(48)).toBe(cardSvg('blank'));
    expect(() => cardSvg('pine-moon')).toThrow(/unknown card id/);
    expect(() => cardSvg(49)).toThrow(/unknown card id/);
    expect(() => cardLabel(-1)).toThrow(/unknown card id/);
  });
});

describe('cardBackSvg', () => {
  it('is a well-formed, labelled, self-contained SVG', () => {
    const back = cardBackSvg();
    const root = checkXml(back);
    expect(root.role).toBe('img');
    expect(root['aria-label']).toBe('Card back');
    expect(checkXml(cardBackSvg({ lang: 'ja' }))['aria-label']).toBe('札の裏');
    checkReferences(back);
    expect(back.replace(' xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/http|href="[^#]/);
    expect(back.length).toBeLessThan(12 * 1024);
    for (const id of IDS) expect(cardSvg(id)).not.toBe(back);
  });
});

describe('cardLabel', () => {
  it('names the card, and its points when given', () => {
    expect(cardLabel('cherry-curtain', 'en', 20)).toBe('Cherry blossom with curtain, 20 points');
    expect(cardLabel('cherry-curtain', 'ja', 20)).toBe('桜に幕、20点');
    expect(cardLabel('pine-crane')).toBe('Pine with crane and sun');
    expect(cardLabel('pine-chaff-2', 'en', 1)).toBe('Pine chaff, 1 point');
    expect(cardLabel('paulownia-yellow', 'en', 10)).toBe('Paulownia chaff (yellow), 10 points');
    expect(cardLabel('willow-lightning')).toBe('Willow with lightning (Gaji)');
    expect(cardLabel('susuki-moon', 'ja')).toBe('芒に月');
    expect(cardLabel('maple-chaff-1', 'ja', 0)).toBe('紅葉のカス、0点');
    expect(cardLabel('blank', 'en', 0)).toBe('Blank card, 0 points');
  });

  it('gives every card a label in both languages', () => {
    for (const id of IDS) {
      expect(cardLabel(id)).toMatch(/^[A-Z]/);
      expect(cardLabel(id, 'ja').length).toBeGreaterThan(1);
    }
  });
});

describe('themes and the learner text', () => {
  it('gives the month and the class', () => {
    expect(learnerText('iris-bridge')).toBe('5 · Animal');
    expect(learnerText('peony-blue')).toBe('6 · Ribbon');
    expect(learnerText('paulownia-phoenix', 'ja')).toBe('12 · 光');
    // In a game of card points the overlay gives the card's value there (RULES.md 3.4: the yellow paulownia ribbon is worth 10).
    expect(learnerText('paulownia-yellow', 'en', 10)).toBe('12 · 10 pts');
    expect(learnerText('blank', 'ja', 40)).toBe('40点');
  });

  it('captions by month in the HanaFooda theme, never in the classic one', () => {
    expect(themeCaption('iris-ribbon', 'hanafooda')).toBe('Sugarcane');
    expect(themeCaption('iris-ribbon', 'classic')).toBeUndefined();
    expect(themeCaption('blank', 'hanafooda')).toBeUndefined();
  });
});

describe('galleryHtml', () => {
  it('shows every card twice (plain, learner + theme), the blank and the back', () => {
    const html = galleryHtml();
    const svgs = html.match(/<svg /g) ?? [];
    expect(svgs).toHaveLength(48 * 2 + 5);
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });
});
