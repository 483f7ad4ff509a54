/**
 * `node dist/server/check-fonts.js`: exits 1 when SVG text would be drawn as boxes on this machine
 * (no fonts for Latin or Arabic script that fontconfig finds). The image runs it while it is built,
 * as root, which also leaves fontconfig's cache ready for the site's processes (decision 0038).
 */
import { checkSvgText } from '#graphql/content/svg-text.ts';

const check = await checkSvgText();
const missing = (['latin', 'arabic'] as const).filter((script) => !check[script]);
if (missing.length) {
  console.error(
    `SVG text is drawn as boxes for ${missing.join(' and ')} script: install fonts fontconfig finds. Widths: ${JSON.stringify(check.widths)}`,
  );
  process.exit(1);
}
console.log(`SVG text is drawn with glyphs, Latin and Arabic. Widths: ${JSON.stringify(check.widths)}`);
