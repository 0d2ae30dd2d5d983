/**
 * The access log: one JSON line per answered request (pino-http over log.ts), with the method, the
 * route as a pattern (route-label.ts), the status, the duration, the request id (also sent back as
 * `X-Request-Id`, and taken from the client's or the proxy's when it is a plain token) and the
 * signed-in person's id. Never headers, cookies, bodies nor query values. `/api/health` and
 * `/api/ready`, asked every few seconds by balancers, are not logged.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { log } from '../log';
import { routeLabel } from './route-label';

const GIVEN_ID = /^[\w.:-]{8,64}$/;

export const REQUEST_ID_HEADER = 'X-Request-Id';

export function accessLog(): RequestHandler {
  const handler = pinoHttp({
    logger: log,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url === '/api/health' || req.url === '/api/ready' },
    // Errors are logged once by the error handler, with their stack; this line is the access.
    customLogLevel: () => 'info',
    quietReqLogger: true,
    quietResLogger: true,
    customSuccessMessage: () => 'petición',
    customErrorMessage: () => 'petición',
    customAttributeKeys: { reqId: 'peticion', responseTime: 'ms' },
    serializers: {
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      err: () => undefined,
    },
    customProps(req: IncomingMessage, res: ServerResponse) {
      const r = req as Request;
      return { metodo: r.method, ruta: routeLabel(r.method, r.originalUrl ?? r.url ?? '', res.statusCode), usuario: (r.user as { id?: string } | undefined)?.id };
    },
  });
  return handler;
}
