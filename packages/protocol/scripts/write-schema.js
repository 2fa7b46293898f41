// Writes packages/protocol/protocol.schema.json from the schemas in src/schema (run after `tsc -b`).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { protocolSchema } from '../dist/index.js';

writeFileSync(
  join(import.meta.dirname, '..', 'protocol.schema.json'),
  `${JSON.stringify(protocolSchema, null, 2)}\n`,
);
