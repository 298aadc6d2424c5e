/**
 * The outbox pipe's own process (runner.ts starts it). Reading the table's stream means
 * deserializing the new image of every write (wallets with their journals included), which in
 * AWS is the Pipe's work, not the Lambda's: kept out of the handlers' process so their figures
 * (bench/) do not pay it.
 *
 * argv[2]: JSON `{ "endpoint": DynamoDB Local, "tableName": ... }`. Writes one line
 * `MSG <queue> <body>` per new item of a queue's entity type; exits when its parent closes stdin.
 */
import { startStreamPipe } from './stream-pipe.js';

const { endpoint, tableName } = JSON.parse(process.argv[2] ?? '{}') as {
  endpoint: string;
  tableName: string;
};
const stopPipe = startStreamPipe({
  endpoint,
  tableName,
  send: (queue, body) => process.stdout.write(`MSG ${queue} ${body}\n`),
  log: (line) => process.stderr.write(`${line}\n`),
});
const stop = () => {
  stopPipe();
  process.exit(0);
};
process.stdin.on('end', stop).on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
