/**
 * The browser tests drive Debian's Chromium (test tools that download their own browser cannot
 * work here). Installs it with apt when it is missing and this user may; otherwise explains.
 */
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Installing Debian’s Chromium for the browser tests…');
  const apt = (...args: string[]) =>
    execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  try {
    apt('install', '-y', '--no-install-recommends', 'chromium');
  } catch {
    apt('update');
    apt('install', '-y', '--no-install-recommends', 'chromium');
  }
}
