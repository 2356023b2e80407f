import path from 'node:path';
import express, { type Router } from 'express';

/**
 * The API reference at /docs: Swagger UI from the swagger-ui-dist package, served from
 * node_modules (no CDN, works offline), pointed at both versions' documents.
 */
export function docsRouter(): Router {
  const assets = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  const router = express.Router();
  router.get('/', (_req, res) => {
    res.type('html').send(`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Custody API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`);
  });
  router.get('/init.js', (_req, res) => {
    // `urls` (the version selector) is read by the standalone preset's top bar only: with the
    // base layout alone the page loads no document at all.
    res.type('application/javascript').send(`window.ui = SwaggerUIBundle({
  urls: [
    { url: '/v1/openapi.json', name: 'v1 — custody' },
    { url: '/v2/openapi.json', name: 'v2 — issuers' }
  ],
  'urls.primaryName': new URLSearchParams(window.location.search).get('version') === 'v2'
    ? 'v2 — issuers'
    : 'v1 — custody',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  plugins: [SwaggerUIBundle.plugins.DownloadUrl],
  layout: 'StandaloneLayout',
  persistAuthorization: true,
  tryItOutEnabled: false
});`);
  });
  router.use('/assets', express.static(assets, { index: false, maxAge: '1h' }));
  return router;
}
