import helmet from 'helmet';

const GITHUB_API = 'https://api.github.com';

/**
 * Security headers; the policy allows exactly what the shell loads (Blueprint sets inline styles).
 * HSTS only behind TRUST_PROXY, the deployment where a proxy terminates HTTPS: a gateway reached
 * over plain HTTP on a LAN must not tell browsers to insist on HTTPS.
 */
export const securityHeaders = ({ hsts, githubStars = false }: { hsts: boolean; githubStars?: boolean }) =>
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // A back office holding payroll talks to no third party unless its operator asks (DEMO_GITHUB_STARS).
        connectSrc: githubStars ? ["'self'", GITHUB_API] : ["'self'"],
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
