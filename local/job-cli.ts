/**
 * `npm run job -- <name> [--time ISO]`: runs a scheduled job now on the running local stack
 * (`npm start`), through its gateway. PORT picks the gateway port (default 8080).
 */
import { jobs } from '../shared/contract/jobs.js';

const [name, ...rest] = process.argv.slice(2);
const timeFlag = rest.indexOf('--time');
const time = timeFlag >= 0 ? rest[timeFlag + 1] : undefined;

if (!name || !jobs.some((j) => j.name === name)) {
  console.error(`Uso: npm run job -- <nombre> [--time 2026-12-01T00:00:00Z]`);
  console.error(`Trabajos: ${jobs.map((j) => `${j.name} (${j.description})`).join('\n  ')}`);
  process.exit(2);
}

const url = `http://localhost:${process.env.PORT ?? '8080'}/_local/jobs/${name}`;
try {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(time ? { time } : {}),
  });
  console.log(JSON.stringify(await res.json(), null, 2));
  process.exit(res.ok ? 0 : 1);
} catch {
  console.error(`No se pudo contactar ${url}. ¿Está corriendo \`npm start\`?`);
  process.exit(1);
}
