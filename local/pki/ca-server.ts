import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { caPaths } from './certs.js';
import { buildCrl } from './crl.js';
import { ensureLocalPki } from './store.js';

/**
 * The local CA's publication point, as a commercial CA runs one: GET `/root.crl` (its current
 * CRL, DER) and GET `/root.crt` (its certificate, DER) on the origin written into the seal and
 * TSA certificates (`caUrl`, fixed per data folder). The seal's B-LTA fetches both into the
 * PDF's DSS. `setMode('down')` resets every connection: what a CA that cannot be reached looks
 * like to the seal (a retryable failure).
 */
export interface LocalCa {
  url: string;
  setMode(mode: 'up' | 'down'): void;
  /** CRLs served so far (tests). */
  readonly stats: { crls: number };
  close(): Promise<void>;
}

export async function startLocalCa(opts: { dataDir: string }): Promise<LocalCa> {
  const pki = await ensureLocalPki(opts.dataDir);
  const root = { certDer: pki.rootCertDer, keyPkcs8: pki.rootKeyPkcs8 };
  const stats = { crls: 0 };
  let mode: 'up' | 'down' = 'up';
  const sockets = new Set<Socket>();

  const send = (res: import('node:http').ServerResponse, type: string, body: Uint8Array) => {
    res.writeHead(200, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://ca').pathname;
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET' }).end();
    } else if (path === caPaths.crl) {
      buildCrl(root).then(
        (crl) => {
          stats.crls++;
          send(res, 'application/pkix-crl', crl);
        },
        () => res.writeHead(500).end(),
      );
    } else if (path === caPaths.cert) {
      send(res, 'application/pkix-cert', pki.rootCertDer);
    } else {
      res.writeHead(404).end();
    }
  });
  server.on('connection', (socket) => {
    if (mode === 'down') {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const { port, hostname } = new URL(pki.caUrl);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `El puerto ${port} de la CA local (escrito en sus certificados) está ocupado: ` +
                'cierre el proceso que lo usa o borre la carpeta pki de los datos locales.',
            )
          : err,
      ),
    );
    server.listen(Number(port), hostname, () => resolve());
  });
  return {
    url: pki.caUrl,
    stats,
    setMode(next) {
      mode = next;
      if (mode === 'down') for (const s of sockets) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
