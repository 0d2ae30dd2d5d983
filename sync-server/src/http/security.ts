import helmet from 'helmet';

/**
 * Security headers; the policy allows exactly what the shell loads (Blueprint sets inline styles).
 * HSTS only behind TRUST_PROXY, the deployment where a proxy terminates HTTPS: a gateway reached
 * over plain HTTP on a LAN must not tell browsers to insist on HTTPS.
 */
export const securityHeaders = ({ hsts }: { hsts: boolean }) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.github.com'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: hsts ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
  });
