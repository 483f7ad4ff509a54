/**
 * The content files' command line: `check` validates content/ (format, references, slugs) without
 * a database; `import` and `export` (bundled as dist/server/content-cli.js, see package.json) move
 * records between content/ and the content service's tables.
 */
import path from 'node:path';
import { checkContent, readContentFolder } from '../graphql/content/content-files.ts';

const contentFolder = path.resolve(import.meta.dirname, '..', 'content');
const folder = await readContentFolder(contentFolder).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const problems = checkContent(folder);
if (problems.length) {
  console.error(`${problems.length} problem(s) in content/:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const types = new Map<string, number>();
for (const { content } of folder.files) types.set(content.type, (types.get(content.type) ?? 0) + 1);
console.log(`content/ is valid: ${folder.files.length} records, ${folder.records.length} entries.`);
console.log(
  [...types]
    .sort()
    .map(([type, count]) => `  ${type}: ${count}`)
    .join('\n'),
);
