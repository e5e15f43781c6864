// CPU time per operation by process during a run: the measured server, PostgreSQL's processes and the
// bench process itself (autocannon for HTTP runs, pg's client for the replayed baselines). On a machine
// where all three share the cores, a ratio of throughputs is a ratio of total CPU per request; this says
// which part of it each side spends.
import { readdir, readFile } from 'node:fs/promises';

/** CPU microseconds per operation. */
export interface CpuPerOp {
  server: number;
  postgres: number;
  bench: number;
}

const TICK_US = 1_000_000 / 100; // USER_HZ is 100 on Linux

/** utime + stime of a process, in microseconds (0 when it is gone or procfs is missing). */
async function processCpuUs(pid: number | string): Promise<{ comm: string; us: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const close = stat.lastIndexOf(')');
  if (close < 0) return { comm: '', us: 0 };
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  // fields after "pid (comm)": state is field 3; utime and stime are fields 14 and 15
  const rest = stat.slice(close + 2).split(' ');
  return { comm, us: (Number(rest[11]) + Number(rest[12])) * TICK_US };
}

/** Per PostgreSQL process (server, backends, background workers), its CPU so far. */
async function postgresCpuUs(): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const pids = (await readdir('/proc').catch(() => [] as string[])).filter((p) => /^\d+$/.test(p));
  await Promise.all(
    pids.map(async (pid) => {
      const { comm, us } = await processCpuUs(pid);
      if (comm === 'postgres' || comm.startsWith('postgres:')) found.set(pid, us);
    }),
  );
  return found;
}

interface Snapshot {
  server: number;
  postgres: Map<string, number>;
  bench: number;
}

async function snapshot(serverPid: number | undefined): Promise<Snapshot> {
  const usage = process.cpuUsage();
  return {
    server: serverPid ? (await processCpuUs(serverPid)).us : 0,
    postgres: await postgresCpuUs(),
    bench: usage.user + usage.system,
  };
}

/** Runs `run` and answers its result with the CPU each side spent per operation (`ops` of the result). */
export async function withCpu<T>(
  serverPid: number | undefined,
  run: () => Promise<T>,
  ops: (result: T) => number,
): Promise<{ result: T; cpu: CpuPerOp }> {
  const before = await snapshot(serverPid);
  const result = await run();
  const after = await snapshot(serverPid);
  let postgres = 0;
  // backends started during the run count from zero; backends that ended took their time with them
  for (const [pid, us] of after.postgres) postgres += us - (before.postgres.get(pid) ?? 0);
  const n = Math.max(1, ops(result));
  return {
    result,
    cpu: {
      server: (after.server - before.server) / n,
      postgres: postgres / n,
      bench: (after.bench - before.bench) / n,
    },
  };
}
