import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Browser tests run the built app as the README starts it; build it when a previous step has not. */
export default function setup() {
  const built = existsSync(`${root}/apps/server/dist/main.js`) && existsSync(`${root}/apps/web/dist/index.html`);
  if (!built) execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
