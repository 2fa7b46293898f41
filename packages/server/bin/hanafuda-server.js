#!/usr/bin/env node
import { main } from '../dist/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  // Whatever main did not foresee is still one line, not a stack trace.
  (e) => {
    console.error(`hanafuda-server: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  },
);
