import { SNAPSHOT_KEY_VARIABLE, snapshotKey } from './snapshot-key.ts';

/**
 * Once per jest run, before the workers start: the key of the prepared test database (decision
 * 0024), handed to every test file through the environment so that none hashes the sources again.
 */
export default async function globalSetup(globalConfig: { rootDir: string }): Promise<void> {
  process.env[SNAPSHOT_KEY_VARIABLE] ??= await snapshotKey(globalConfig.rootDir);
}
