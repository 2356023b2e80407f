import express, {
  type ErrorRequestHandler,
  type Express,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import {
  createServer,
  IncomingMessage,
  STATUS_CODES,
  type Server,
  ServerResponse,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { v7 as uuidv7 } from 'uuid';
import { AppError, Errors, PROBLEM_CONTENT_TYPE, toAppError, toProblem } from '@custody/errors';
import { runWithContext, type Logger } from '@custody/logging';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface HttpAppOptions {
  logger: Logger;
  bodyLimitBytes?: number;
  /** Observes every finished response (metrics). `route` is the matched pattern, if any. */
  onResponse?: (info: {
    method: string;
    route: string;
    status: number;
    durationMs: number;
  }) => void;
}

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
  }
}

export function sendProblem(req: Request, res: Response, error: unknown): void {
  const problem = toProblem(error, req.originalUrl.split('?')[0]);
  res.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

/** Request id (accepted from `X-Request-Id` or made), context for logs, access log. */
function requestContext(options: HttpAppOptions): RequestHandler {
  return (req, res, next) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : uuidv7();
    req.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const routePath = (req.route as { path?: string } | undefined)?.path;
      // A sub-router's root route ('/') is its mount path: /v1/users, not /v1/users/.
      const route = routePath
        ? routePath === '/' && req.baseUrl
          ? req.baseUrl
          : `${req.baseUrl}${routePath}`
        : 'unmatched';
      options.onResponse?.({ method: req.method, route, status: res.statusCode, durationMs });
      runWithContext({ requestId }, () =>
        options.logger.info(
          {
            method: req.method,
            // The full path: inside a (sub-)router, req.path is relative to its mount point.
            path: req.originalUrl.split('?')[0],
            status: res.statusCode,
            durationMs: Math.round(durationMs),
          },
          'request',
        ),
      );
    });
    runWithContext({ requestId }, () => next());
  };
}

function isJson(contentType: string): boolean {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** A request that carries a body must say it is JSON; anything else is 415, not a silent `{}`. */
const requireJsonBody: RequestHandler = (req, _res, next) => {
  const hasBody =
    req.header('transfer-encoding') !== undefined || Number(req.header('content-length') ?? 0) > 0;
  if (METHODS_WITH_BODY.has(req.method) && hasBody && !isJson(req.header('content-type') ?? '')) {
    next(Errors.unsupportedMediaType());
    return;
  }
  next();
};

/** Maps body-parser failures to stable problem codes. */
function bodyParserError(error: unknown): AppError | undefined {
  const type = (error as { type?: string }).type;
  switch (type) {
    case 'entity.parse.failed':
      return Errors.badRequest('The request body is not valid JSON.', 'malformed_json');
    case 'entity.too.large':
      return Errors.payloadTooLarge();
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return Errors.unsupportedMediaType('The request body encoding is not supported.');
    case 'request.aborted':
      return Errors.badRequest('The request was aborted.', 'request_aborted');
    default: {
      // Other client errors from Express or body-parser (a malformed %-escape in the path, a
      // Content-Length that does not match the body) carry their own 4xx status.
      const { status, expose } = error as { status?: unknown; expose?: unknown };
      const clientError = expose === true || error instanceof URIError;
      if (clientError && typeof status === 'number' && status >= 400 && status < 500) {
        return new AppError(status, 'bad_request', 'The request could not be read.');
      }
      return undefined;
    }
  }
}

/** The express app every HTTP-serving process starts from. Call `finishHttpApp` after routes. */
export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', 'loopback');
  app.use(requestContext(options));
  app.use(requireJsonBody);
  app.use(
    express.json({
      limit: options.bodyLimitBytes ?? 1024 * 1024,
      type: (req) => isJson(String(req.headers['content-type'] ?? '')),
      strict: true,
    }),
  );
  return app;
}

/**
 * The HTTP server for an app made by `createHttpApp`, whose requests and responses are born with
 * Express's prototypes. Express re-points the prototype of every request and response
 * (`Object.setPrototypeOf` in `app.handle`); V8 then moves each object to a new hidden class and
 * property access on them goes megamorphic or to V8's runtime: in a `perf` profile of the
 * gateway under the transfer benchmark, property look-ups and inline-cache misses were a quarter
 * of its CPU (docs/performance.md, "Express's per-request prototypes"). Born with those prototypes, Express's call sets
 * the prototype an object already has, which V8 skips.
 *
 * The server makes them with subclasses of Node's `IncomingMessage` and `ServerResponse` whose
 * prototypes become the app's `request` and `response` (same properties, same parents), so V8
 * lays each object out as Node's own constructor would. A plain function calling Node's
 * constructor on `this` gave objects with no room for their properties: V8 kept them as
 * dictionaries, and an HTTP benchmark of one route did 10,500–11,600 requests/s against
 * 13,600–16,600 with the subclasses ("Requests as subclasses"). Call once per app, before it serves: it
 * replaces `app.request` and `app.response`.
 */
export function createAppServer(app: Express): Server {
  const AppRequest = adoptPrototype(IncomingMessage, app.request);
  const AppResponse = adoptPrototype(ServerResponse, app.response);
  app.request = AppRequest.prototype as unknown as Express['request'];
  app.response = AppResponse.prototype as unknown as Express['response'];
  return createServer({ IncomingMessage: AppRequest, ServerResponse: AppResponse }, app);
}

/** A subclass of `Base` whose prototype stands in for `proto`: its own properties and parent. */
function adoptPrototype<T extends abstract new (...args: never[]) => object>(
  Base: T,
  proto: object,
): T {
  const Adopted = class extends (Base as unknown as new (...args: never[]) => object) {};
  Object.setPrototypeOf(Adopted.prototype, Object.getPrototypeOf(proto) as object | null);
  Object.defineProperties(Adopted.prototype, Object.getOwnPropertyDescriptors(proto));
  return Adopted as unknown as T;
}

const CLIENT_ERROR_LINGER_MS = 5_000;

/**
 * Requests Node's HTTP parser refuses before Express sees them (a request head over its 16 KiB
 * limit, a malformed request line) get a problem+json answer like every other error, instead of
 * Node's bare status line (found by fuzzing: a long query string was an untyped 431).
 */
export function answerClientErrorsAsProblems(server: Server): void {
  // A failed parser reports its error again for every chunk that still arrives: a socket already
  // answered is left to drain (see below), not destroyed.
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (answered.has(socket)) return;
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    answered.add(socket);
    // Bytes after a request that closes the connection, or an error on a socket whose request is
    // already being answered: that request gets its own answer, and a second one on the same
    // socket would break the client's parser (Node's default handler stays silent here too).
    if (error.code === 'HPE_CLOSED_CONNECTION' || answerStarted(socket)) {
      closeAfterAnswer(socket);
      return;
    }
    const appError =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new AppError(431, 'headers_too_large', 'The request line and headers are too large.')
        : Errors.badRequest('The request could not be parsed.', 'malformed_request');
    const body = JSON.stringify(toProblem(appError));
    socket.end(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\n` +
        `content-type: ${PROBLEM_CONTENT_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
        `connection: close\r\n\r\n${body}`,
    );
    drainThenClose(socket);
  });
}

/** The response Node's server attached to the socket (its default clientError handler reads it). */
function currentResponse(socket: Duplex): ServerResponse | undefined {
  return (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

/** Whether the response to the socket's current request has sent its head. */
function answerStarted(socket: Duplex): boolean {
  return currentResponse(socket)?.headersSent === true;
}

/**
 * The socket's request is being answered, however long that takes (a slow route, a `limit=0`
 * stream): what else arrives is dropped, and the socket closes once the answer is sent.
 */
function closeAfterAnswer(socket: Duplex): void {
  socket.on('data', () => undefined);
  socket.resume();
  const close = () => {
    socket.end();
    drainThenClose(socket);
  };
  const response = currentResponse(socket);
  if (!response || response.writableFinished) close();
  else response.once('finish', close);
}

/**
 * The parser stopped reading; what the client still sends is read and dropped until it closes:
 * a socket closed with unread data is reset, and the reset can overtake the answer on its way to
 * the client ("other side closed" instead of the 431). A client that never closes is cut off
 * after a few seconds.
 */
function drainThenClose(socket: Duplex): void {
  socket.on('data', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
}

/** 404 for unknown routes and the central error handler; no stack or internals ever leave. */
export function finishHttpApp(app: Express, logger: Logger): void {
  app.use((req: Request, _res: Response, next: NextFunction) => {
    next(Errors.notFound('route', 'route_not_found'));
  });
  const handler: ErrorRequestHandler = (error, req, res, _next) => {
    const appError = bodyParserError(error) ?? toAppError(error);
    if (appError.status >= 500) {
      runWithContext({ requestId: req.requestId }, () =>
        logger.error(
          { err: error, method: req.method, path: req.originalUrl.split('?')[0] },
          'request failed',
        ),
      );
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    sendProblem(req, res, appError);
  };
  app.use(handler);
}
