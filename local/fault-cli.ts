/**
 * `npm run fault -- <dependency> <down|paused|up>`: stops, pauses or resumes one dependency of
 * the running local stack (`npm start`) through its gateway, to see what a user sees when it
 * fails. `npm run fault` alone lists their states. PORT picks the gateway port (default 8080).
 */

import { FAULT_NAMES } from './faults/fault-proxies.js';
import { FAULT_MODES } from './faults/fault-proxy.js';

const [name, mode] = process.argv.slice(2);
const base = `http://localhost:${process.env.PORT ?? '8080'}/_local/faults`;

if (
  name !== undefined &&
  (!FAULT_NAMES.includes(name as never) || !FAULT_MODES.includes(mode as never))
) {
  console.error('Uso: npm run fault -- <dependencia> <down|paused|up>');
  console.error(`Dependencias: ${FAULT_NAMES.join(', ')}`);
  console.error('  down: detenida (rechaza conexiones); paused: colgada (no responde); up: normal');
  process.exit(2);
}

try {
  const res = await fetch(name ? `${base}/${name}` : base, {
    method: name ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json' },
    ...(name ? { body: JSON.stringify({ mode }) } : {}),
  });
  console.log(JSON.stringify(await res.json(), null, 2));
  process.exit(res.ok ? 0 : 1);
} catch {
  console.error(`No se pudo contactar ${base}. ¿Está corriendo \`npm start\`?`);
  process.exit(1);
}
