import type { Request } from 'express';

/** The client's address as the limiters count it (the proxy's X-Forwarded-For only with TRUST_PROXY). */
export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'desconocida';
