import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkSvgText } from '#graphql/content/svg-text.ts';
import { fromRoot } from '#platform/paths.ts';

/**
 * Pictures drawn from SVG (the content service's /images) carry their text in Latin and Arabic
 * letters, not boxes: fonts are installed where the site runs (the image installs them; this machine
 * has them), and the check the image build runs tells the two apart.
 */

const CHECK = fromRoot('dist', 'server', 'check-fonts.js');

function runCheck(environment: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [CHECK], {
    cwd: fromRoot(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

test('SVG text in English and Arabic is drawn with glyphs here, Arabic letters joined', async () => {
  const check = await checkSvgText();
  expect(check).toMatchObject({ latin: true, arabic: true });
});

describe('the check the image build runs', () => {
  let folder: string;
  beforeAll(async () => {
    if (!existsSync(CHECK)) throw new Error(`${CHECK} is missing: run \`npm run build\` before these tests.`);
    folder = await mkdtemp(path.join(os.tmpdir(), 'nabd-fonts-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  test('passes where fonts are installed', async () => {
    const { code, output } = await runCheck({});
    expect({ code, output }).toEqual({ code: 0, output: expect.stringContaining('drawn with glyphs, Latin and Arabic') });
  });

  test('fails where fontconfig finds no font, as on a slim image without font packages', async () => {
    const noFonts = path.join(folder, 'fonts.conf');
    await writeFile(
      noFonts,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig><cachedir>${folder}/cache</cachedir></fontconfig>\n`,
    );
    const { code, output } = await runCheck({ FONTCONFIG_FILE: noFonts });
    expect(code).toBe(1);
    expect(output).toContain('drawn as boxes for latin and arabic script');
  });
});
