// Sums the JSON reports that vitest and Playwright write to <package>/.test-results/*.json.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './ensure-install.mjs';

function reportDirs() {
  const dirs = [path.join(root, 'e2e', '.test-results')];
  for (const group of ['apps', 'packages']) {
    for (const pkg of readdirSync(path.join(root, group)))
      dirs.push(path.join(root, group, pkg, '.test-results'));
  }
  return dirs.filter((d) => existsSync(d));
}

export function clearReports() {
  for (const dir of reportDirs()) rmSync(dir, { recursive: true, force: true });
}

export function summarize() {
  let passed = 0;
  let failed = 0;
  {
    for (const results of reportDirs()) {
      for (const file of readdirSync(results).filter((f) => f.endsWith('.json'))) {
        const report = JSON.parse(readFileSync(path.join(results, file), 'utf8'));
        if (typeof report.numPassedTests === 'number') {
          passed += report.numPassedTests;
          failed += report.numFailedTests;
        } else if (report.stats) {
          passed += report.stats.expected ?? 0;
          failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
        }
      }
    }
  }
  return { passed, failed };
}
