import fs from 'node:fs';
import path from 'node:path';
import express, { type Request, type RequestHandler, type Router } from 'express';

/** Where the IDE's assets are served; its build (web/ide, vite.ide.config.ts) uses it as its base. */
export const IDE_ASSETS_PATH = '/graphql-ide';

/** The IDE is built inside the web build (web/dist/graphql-ide), so it is deployed with it. */
export function ideDist(webDist: string | null): string | null {
  return webDist ? path.join(webDist, 'graphql-ide') : null;
}

/**
 * The GraphQL IDE: GraphiQL, built by Vite with its editor's workers (nothing from a CDN). With it
 * on, GET /graphql from a browser (HTML preferred, no `query` parameter) answers its page and
 * /graphql-ide/* its assets; every other GET /graphql goes on to Apollo, CSRF check included. With
 * it off, /graphql-ide/* is not served at all, although the files sit inside the web build.
 */
export function graphqlIde(options: { enabled: boolean; webDist: string | null }): Router {
  const router = express.Router();
  const dist = ideDist(options.webDist);
  if (!options.enabled) {
    router.use(IDE_ASSETS_PATH, (_req, res) => {
      res.status(404).type('text/plain').send('Not found\n');
    });
    return router;
  }
  if (!dist) {
    const noWebBuild: RequestHandler = (_req, res) => {
      res.status(404).type('text/plain').send('The GraphQL IDE is served from the web build, and WEB_DIST=none.\n');
    };
    router.get('/graphql', (req, res, next) => (wantsPage(req) ? noWebBuild(req, res, next) : next()));
    router.use(IDE_ASSETS_PATH, noWebBuild);
    return router;
  }

  // A missing build is looked for on every request: building the web app later needs no restart.
  const notBuilt: RequestHandler = (_req, res) => {
    res
      .status(404)
      .type('text/plain')
      .send(`The GraphQL IDE is not built (no ${path.join(dist, 'index.html')}). Run \`npm run build -w web\`, then reload.\n`);
  };

  router.get('/graphql', (req, res, next) => {
    if (!wantsPage(req)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // The editor's icon fonts are data: URLs inside GraphiQL's stylesheet.
    const policy = res.getHeader('Content-Security-Policy');
    if (typeof policy === 'string') res.setHeader('Content-Security-Policy', `${policy}; font-src 'self' data:`);
    res.sendFile(path.join(dist, 'index.html'), (error) => {
      if (!error) return;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !res.headersSent) {
        res.removeHeader('Cache-Control');
        return notBuilt(req, res, next);
      }
      next(error);
    });
  });
  // File names carry their content's hash: a year, immutable.
  router.use(
    `${IDE_ASSETS_PATH}/assets`,
    express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '365d', index: false, redirect: false }),
  );
  router.use(IDE_ASSETS_PATH, (req, res, next) => {
    if (!fs.existsSync(path.join(dist, 'index.html'))) return notBuilt(req, res, next);
    res.status(404).type('text/plain').send('Not found\n');
  });
  return router;
}

/**
 * A browser's navigation to /graphql: HTML preferred over JSON (a client sending `Accept: *\/*` or
 * JSON reaches Apollo) and no `query` parameter (a GET that carries one is a GraphQL request).
 */
function wantsPage(req: Request): boolean {
  if (req.query.query !== undefined) return false;
  return req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html';
}
