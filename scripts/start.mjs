// `npm start`: install (if needed), build the shell and the four remotes (turbo-cached), then run the
// server on one port with embedded PGlite and seeded demo data. The admin login is printed on start.
import { ensureInstalled, run } from './ensure-install.mjs';

const pnpm = ensureInstalled();
const built = run(pnpm, ['build']);
if (built !== 0) process.exit(built);
process.exit(run(pnpm, ['--filter', '@tongxin/server', 'start']));
