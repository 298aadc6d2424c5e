export { type LocalCa, startLocalCa } from './ca-server.js';
export type { IssuedCert, LocalPkiMaterial } from './certs.js';
export { ensureLocalPki, type LocalPki, localSealEnv } from './store.js';
export { type LocalTsa, startLocalTsa, timestampReply } from './tsa.js';
