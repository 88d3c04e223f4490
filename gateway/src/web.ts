/**
 * The built web app (web/dist) with an SPA fallback: a GET of a path that is neither /api nor a file gets
 * index.html, so /patients/12 loads the app and its router shows the page. The build writes brotli (.br) and
 * gzip (.gz) copies beside its text files; a client that accepts one gets it, with Content-Encoding and
 * `Vary: Accept-Encoding`, and one that accepts neither (or a file without copies) gets the file itself.
 */
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { API_PREFIX } from './routes';

export interface WebAppOptions {
  /** Absolute path of the built web app. */
  root: string;
}

export const WEB_NOT_BUILT_MESSAGE =
  'The Labline web app has not been built. Run `npm run build:web` (or `npm start`, which builds it), then reload.';

/** Vite writes content-hashed names under assets/: a changed file gets a new name, so they never go stale. */
const HASHED_ASSETS = '/assets/';
const LONG_CACHE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files are revalidated on every load, so a release is picked up at once. */
const REVALIDATE = 'no-cache';

/** The file under root a URL path names, or null when it names none (or tries to leave root). */
async function fileUnder(root: string, urlPath: string): Promise<string | null> {
  const relative = path.normalize(urlPath).replace(/^[/\\]+/, '');
  const absolute = path.join(root, relative);
  if (!absolute.startsWith(root + path.sep) || relative.split(/[/\\]/).some((part) => part.startsWith('.')))
    return null;
  try {
    return (await stat(absolute)).isFile() ? relative : null;
  } catch {
    return null;
  }
}

function isApiPath(urlPath: string): boolean {
  return urlPath === API_PREFIX || urlPath.startsWith(`${API_PREFIX}/`);
}

export const webApp: FastifyPluginAsync<WebAppOptions> = async (app, options) => {
  const root = path.resolve(options.root);
  // the files are looked up per request, so a web build made while the gateway runs is served without a restart;
  // compressing here instead would cost CPU on every load, at lower levels than the build can afford
  await app.register(fastifyStatic, { root, serve: false, suppressWarning: true, preCompressed: true });
  const indexFile = path.join(root, 'index.html');

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', REVALIDATE).sendFile('index.html', { cacheControl: false });

  // The app's files are not rate-limited: a shift signing in behind one address loads them many times over,
  // and serving them costs no service anything.
  app.get<{ Params: { '*': string } }>('/*', { config: { rateLimit: false } }, async (request, reply) => {
    const urlPath = `/${request.params['*']}`;
    // an /api path that reaches here is claimed by no route-table row
    if (isApiPath(urlPath)) return reply.callNotFound();
    if (!existsSync(indexFile)) return reply.code(503).type('text/plain; charset=utf-8').send(WEB_NOT_BUILT_MESSAGE);
    const file = await fileUnder(root, urlPath);
    if (file === 'index.html') return sendIndex(reply);
    if (file) {
      reply.header('cache-control', urlPath.startsWith(HASHED_ASSETS) ? LONG_CACHE : REVALIDATE);
      return reply.sendFile(file, { cacheControl: false });
    }
    // a missing script or stylesheet must fail as such, not come back as HTML the browser cannot run
    if (path.extname(urlPath) !== '') return reply.callNotFound();
    return sendIndex(reply);
  });
};
