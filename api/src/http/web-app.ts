import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { Config } from '../config';
import { postPreview, type PostPreviewServices } from './post-preview';

/**
 * The browser app: /app-config.js carries the runtime settings (so one build serves every
 * deployment), hashed assets are cached for a year, and every other GET path gets index.html so
 * the client router can answer it (its 404 screen included). GET /post/:id gets index.html with
 * that post's link-preview tags (post-preview.ts) when a signed-out visitor may see the post, and
 * the plain index.html otherwise, still 200: the server cannot tell who asks (the token lives in
 * the browser), and the author or a signed-in student may well see a post a visitor may not, so
 * the app decides and shows its not-found screen itself.
 */
const MUST_REVALIDATE = /[\\/](sw\.js|manifest\.webmanifest|offline\.html|offline\.js)$/;

export function webApp(config: Config, services: PostPreviewServices): Router {
  const router = express.Router();
  router.get('/app-config.js', appConfigScript(config));
  const dist = config.webDist;
  if (!dist || !fs.existsSync(path.join(dist, 'index.html'))) return router;

  // Hashed scripts and styles, cached for a year, each as the Brotli or gzip copy the build made
  // beside it when the browser accepts one (none is compressed per request: no api CPU).
  router.use(
    '/assets',
    expressStaticGzip(path.join(dist, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      serveStatic: { immutable: true, maxAge: '365d', index: false },
    }),
  );
  router.use(
    express.static(dist, {
      index: false,
      maxAge: '1h',
      // The service worker, the manifest and the offline page keep their names across releases:
      // browsers must ask again each time, or a release would reach installed apps an hour late.
      setHeaders: (res, file) => {
        if (MUST_REVALIDATE.test(file)) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  const indexHtml = path.join(dist, 'index.html');
  // Read once: a deployment's web build does not change under a running api.
  const template = fs.readFileSync(indexHtml, 'utf8');
  const preview = postPreview(services, config.publicUrl);
  router.get('/post/:id', async (req, res, next) => {
    if (!req.accepts('html')) return next();
    try {
      const html = await preview(template, req, String(req.params.id));
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    } catch (error) {
      next(error);
    }
  });
  router.get(/^\/(?!api\/|graphql|uploads|media\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return router;
}

function appConfigScript(config: Config): RequestHandler {
  const body = `window.__CAMPUS_CONFIG__ = ${JSON.stringify({
    firebase: { apiKey: config.firebase.webApiKey, authDomain: config.firebase.authDomain, projectId: config.firebase.projectId },
    authEmulatorUrl: config.firebase.authEmulatorPublicHost ? `http://${config.firebase.authEmulatorPublicHost}` : null,
    supportEmail: config.supportEmail,
  })};\n`;
  return (_req, res) => {
    res.type('application/javascript').setHeader('Cache-Control', 'no-cache');
    res.send(body);
  };
}
