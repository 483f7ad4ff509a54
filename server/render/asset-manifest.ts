import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ClientEntry } from '#views/site-context.tsx';

interface ManifestEntry {
  file: string;
  imports: string[];
}

/** The built browser assets (scripts/build.ts), by the names pages use for them. */
export interface AssetManifest {
  stylesheet: string | undefined;
  script(entry: ClientEntry): ManifestEntry;
}

export function loadAssetManifest(publicDir: string): AssetManifest {
  let entries: Record<string, ManifestEntry> = {};
  try {
    entries = JSON.parse(readFileSync(path.join(publicDir, 'assets', 'manifest.json'), 'utf8')).entries;
  } catch {
    throw new Error('The browser assets are not built: run `npm run build` first.');
  }
  return {
    stylesheet: entries.site?.file,
    script(entry) {
      const script = entries[entry];
      if (!script) throw new Error(`No client entry named ${entry}: add client/islands/${entry}.tsx or client/enhancements/${entry}.ts`);
      return script;
    },
  };
}
