/** HTTP requests that name a Host of their own (a rebinding domain, the name a proxy forwards). */
import { request } from 'node:http';

/** A GET with this Host header (fetch may not set Host). */
export function fetchWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
