// Every benchmark, in order: the data set (generated when missing), the API scenarios on PostgreSQL
// against their baselines, then the front end (built apps and Chromium). Not part of npm test.
//   pnpm bench
//   BENCH_REGENERATE=1 pnpm bench       (make the data set again)
//   BENCH_OUT=/tmp/bench.md pnpm bench  (also write the tables as markdown)
// Sub-commands: pnpm --filter @tongxin/bench generate | api | domain | workflow | bundle.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { apiBench } from './api-bench.js';
import { BIG_TABLE, readDataSet } from './bench-db.js';
import { bundleBench } from './bundle-size.js';
import { domainBench } from './domain-bench.js';
import { BIG_ROWS, generate } from './generate-data.js';

async function main() {
  const started = Date.now();
  const existing = await readDataSet();
  if (!existing || existing.bigTableRows < BIG_ROWS * 0.9 || process.env.BENCH_REGENERATE) await generate();
  else
    console.log(
      `bench data set present (${BIG_TABLE} ≈ ${Math.round(existing.bigTableRows).toLocaleString()} rows)`,
    );
  const lines = [
    `Run ${new Date().toISOString().slice(0, 16)}Z on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
    ...(await apiBench()),
    ...(await domainBench()),
    ...(await bundleBench()),
  ];
  console.log(`\nall benchmarks done in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${lines.join('\n')}\n`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
