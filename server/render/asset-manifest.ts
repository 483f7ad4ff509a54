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
  /** The URL of a font cut at build (scripts/font-subsets.ts), by its name there. */
  font(name: string): string | undefined;
}

export function loadAssetManifest(publicDir: string): AssetManifest {
  let entries: Record<string, ManifestEntry> = {};
  let fonts: Record<string, string> = {};
  try {
    ({ entries, fonts = {} } = JSON.parse(readFileSync(path.join(publicDir, 'assets', 'manifest.json'), 'utf8')));
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
    font: (name) => fonts[name],
  };
}
