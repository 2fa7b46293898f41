/** Every card design, keyed by design (`pine-crane`, `pine-chaff` for both plain chaff, ...). */
import type { Ctx } from './shapes.js';
import { SPRING } from './spring.js';
import { SUMMER } from './summer.js';
import { AUTUMN } from './autumn.js';

export const DRAW: Readonly<Record<string, (c: Ctx) => string>> = { ...SPRING, ...SUMMER, ...AUTUMN };
