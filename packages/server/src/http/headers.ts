/**
 * Headers on every HTTP response. The CSP allows only the app's own files (Vite's build has
 * no inline script or style; the favicon is a data: URL) and its own WebSocket ('self'
 * covers ws:/wss: to the same host); nosniff stops a browser from running a file as
 * another type; the page may not be framed (clickjacking) nor send its invite link away as
 * a referrer.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};
