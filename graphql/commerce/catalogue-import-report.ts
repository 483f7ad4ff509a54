/**
 * What a catalogue import did (graphql/commerce/catalogue-import.ts), and how it is told to the
 * operator who ran `npm run catalogue:import`.
 */

export interface RowChange {
  noun: string;
  id: string;
  /** For an update: `price 595.00 → 650.00`, one per field. */
  changes?: string[];
  /** For a removal: what happened to the row. */
  removal?: 'withdrawn from sale' | 'deleted';
}

export interface SectionReport {
  /** An event id, or `coupons`. */
  name: string;
  /** The event's English name. */
  title?: string;
  refused: boolean;
  created: RowChange[];
  updated: RowChange[];
  removed: RowChange[];
  unchanged: number;
  /** Why nothing of this part changed, each naming the file and row. */
  problems: string[];
}

export interface CatalogueImportReport {
  sections: SectionReport[];
  /** Events in the database that no folder holds: left as they are. */
  notInFiles: string[];
  dryRun: boolean;
}

export const importChanged = (report: CatalogueImportReport) =>
  report.sections.some((section) => section.created.length + section.updated.length + section.removed.length > 0);

export const importRefused = (report: CatalogueImportReport) => report.sections.some((section) => section.refused);

const plural = (noun: string, count: number) =>
  count === 1 ? `1 ${noun}` : `${count} ${noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`}`;

function byNoun(rows: readonly RowChange[]): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const row of rows) groups.set(row.noun, [...(groups.get(row.noun) ?? []), row.id]);
  return [...groups];
}

/** The import's report for an operator: per event what was created, updated, removed and left unchanged. */
export function describeImport(report: CatalogueImportReport): string {
  const lines: string[] = [];
  const verb = report.dryRun ? 'would be ' : '';
  for (const section of report.sections) {
    const name = section.title ? `${section.name} (${section.title})` : section.name;
    if (section.refused) {
      lines.push(`${name}: refused, nothing of it changed:`, ...section.problems.map((problem) => `  ${problem}`));
      continue;
    }
    const changed = section.created.length + section.updated.length + section.removed.length;
    if (!changed) {
      lines.push(`${name}: unchanged (${section.unchanged} rows)`);
      continue;
    }
    lines.push(
      `${name}: ${section.created.length} ${verb}created, ${section.updated.length} ${verb}updated, ` +
        `${section.removed.length} ${verb}removed, ${section.unchanged} unchanged`,
      ...byNoun(section.created).map(([noun, ids]) => `  + ${plural(noun, ids.length)}: ${ids.join(', ')}`),
      ...section.updated.map((row) => `  ~ ${row.noun} ${row.id}: ${row.changes!.join('; ')}`),
      ...section.removed.map((row) => `  - ${row.noun} ${row.id} (${row.removal})`),
    );
  }
  if (report.notInFiles.length) lines.push(`In the database but in no folder, left as they are: ${report.notInFiles.join(', ')}`);
  if (importRefused(report)) lines.push('Some of the catalogue was refused: fix what is listed and import again.');
  else if (!importChanged(report)) lines.push('Nothing changed: the database already holds this catalogue.');
  else if (report.dryRun) lines.push('Dry run: nothing was written.');
  return lines.join('\n');
}
