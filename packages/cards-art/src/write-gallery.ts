/**
 * Writes the gallery of the deck to `gallery/index.html` in this package (git-ignored).
 * Run with `npm run gallery -w @hanafuda/cards-art`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { galleryHtml } from './gallery.js';

const outDir = fileURLToPath(new URL('../gallery/', import.meta.url));
mkdirSync(outDir, { recursive: true });
const file = `${outDir}index.html`;
writeFileSync(file, galleryHtml());
console.log(`wrote ${file}`);
