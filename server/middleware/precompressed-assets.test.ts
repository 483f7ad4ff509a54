import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import request from 'supertest';
import { precompressedAssets } from './precompressed-assets.ts';

/**
 * The build's compressed twins served in place of a hashed asset, as the site mounts them: before
 * the static files and after the compression middleware, which must then leave them alone.
 */
describe('precompressed assets', () => {
  const stylesheet = 'body{color:white}'.repeat(200);
  let assetsDir: string;
  let app: express.Express;

  beforeAll(async () => {
    assetsDir = await mkdtemp(path.join(os.tmpdir(), 'precompressed-'));
    await writeFile(path.join(assetsDir, 'site-ABC.css'), stylesheet);
    await writeFile(path.join(assetsDir, 'site-ABC.css.br'), brotliCompressSync(stylesheet));
    await writeFile(path.join(assetsDir, 'site-ABC.css.gz'), gzipSync(stylesheet));
    // Built without twins: compressed on the fly like any response.
    await writeFile(path.join(assetsDir, 'plain-XYZ.js'), 'console.log(1);'.repeat(200));
    app = express();
    app.use(compression());
    app.use('/assets', precompressedAssets(assetsDir), express.static(assetsDir, { index: false }));
  });

  afterAll(() => rm(assetsDir, { recursive: true, force: true }));

  test('a browser that takes brotli gets the brotli twin, typed as the asset, varying on the encoding', async () => {
    const response = await request(app).get('/assets/site-ABC.css').set('Accept-Encoding', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    // The twin's own bytes, sent whole: compressing on the fly would stream without a length.
    expect(Number(response.headers['content-length'])).toBe(brotliCompressSync(stylesheet).length);
    expect(response.text).toBe(stylesheet);
  });

  test('one that takes only gzip gets the gzip twin, and one that takes neither the file itself', async () => {
    const gzip = await request(app).get('/assets/site-ABC.css').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzipSync(stylesheet).length);
    expect(gzip.text).toBe(stylesheet);
    const plain = await request(app).get('/assets/site-ABC.css').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(stylesheet);
  });

  test('an asset without twins is compressed as it goes, and an unknown one is a 404', async () => {
    const script = await request(app).get('/assets/plain-XYZ.js').set('Accept-Encoding', 'br');
    expect(script.headers['content-encoding']).toBe('br');
    expect((await request(app).get('/assets/missing.css').set('Accept-Encoding', 'br')).status).toBe(404);
  });
});
