import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type NextFunction, type Router } from 'express';
import { AppError } from '@custody/errors';

/** Where the console's built index.html asks for the style nonce of the request. */
export const CONSOLE_NONCE_PLACEHOLDER = '__CSP_NONCE__';

export interface ConsoleOptions {
  /** The built console: index.html and assets/ (`npm run build`). */
  dir: string;
}

/**
 * The console's Content-Security-Policy: its own scripts and styles only, and the one `<style>`
 * element the component library writes at run time, allowed by a nonce made per page load.
 * Nothing inline runs, nothing loads from another origin, and no other site may frame it.
 */
export function consoleCsp(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function pageHeaders(res: Response): void {
  res.set('X-Content-Type-Options', 'nosniff');
  res.set('Referrer-Policy', 'no-referrer');
  res.set('X-Frame-Options', 'DENY');
}

/**
 * The operator console at /console: a single-page application built by Vite (apps/console). Its
 * assets are fingerprinted and cached for a year; every other path under /console answers the
 * page itself (the application routes in the browser), with a fresh style nonce. Its session and
 * API (/console/session, /console/api) are console-session.routes.ts, mounted before it.
 */
export function consoleRouter(options: ConsoleOptions): Router {
  const router = express.Router();
  const indexFile = path.join(options.dir, 'index.html');
  const page = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;

  router.use(
    '/assets',
    express.static(path.join(options.dir, 'assets'), {
      index: false,
      immutable: true,
      maxAge: '365d',
      setHeaders: pageHeaders,
    }),
  );
  router.get('/{*path}', (req: Request, res: Response, next: NextFunction) => {
    // A missing asset is a 404, not the page; so is an unknown path of the session's API.
    if (req.path.startsWith('/assets/') || req.path.startsWith('/api/')) return next();
    if (!page) {
      return next(
        new AppError(404, 'console_not_built', 'The console is not built: run `npm run build`.'),
      );
    }
    const nonce = randomBytes(16).toString('base64');
    pageHeaders(res);
    res.set('Content-Security-Policy', consoleCsp(nonce));
    res.set('Cache-Control', 'no-store');
    res.type('html').send(page.replaceAll(CONSOLE_NONCE_PLACEHOLDER, nonce));
  });
  return router;
}
