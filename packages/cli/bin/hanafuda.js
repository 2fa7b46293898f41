#!/usr/bin/env node
import { main } from '../dist/main.js';

// A reader that stops early (`hanafuda replay FILE | head`) is not an error.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

process.exitCode = await main(process.argv.slice(2));
