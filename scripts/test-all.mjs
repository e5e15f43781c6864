// `npm test`: the whole suite. Lint, type-check, unit and server tests (server tests run on PGlite,
// and also on PostgreSQL when DATABASE_URL is set), production builds, then browser tests.
import { ensureInstalled, run } from './ensure-install.mjs';
import { clearReports, summarize } from './test-summary.mjs';

const pnpm = ensureInstalled();
clearReports();
const steps = [
  ['lint', ['lint']],
  ['typecheck', ['typecheck']],
  ['unit and server tests', ['test:unit']],
  ['build', ['build']],
  ['browser tests', ['--filter', '@tongxin/e2e', 'e2e']],
];
const failed = [];
for (const [name, args] of steps) {
  console.log(`\n=== ${name} ===`);
  if (run(pnpm, args) !== 0) {
    failed.push(name);
    if (name === 'build') break; // browser tests need the build
  }
}
const { passed, failed: failedTests } = summarize();
console.log(`\nSteps failed: ${failed.length ? failed.join(', ') : 'none'}`);
console.log(`${passed} passed, ${failedTests + failed.length} failed`);
process.exit(failed.length ? 1 : 0);
