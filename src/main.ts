import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';
import { ApiKeyService, NO_KEY_YET } from './auth/api-key.service.js';
import { loadConfigOrExit } from './config/config.js';
import { createLog, PinoNestLogger } from './logging/logger.js';
import { openDatabase } from './database/database.js';

const logger = new Logger('Main');
const config = loadConfigOrExit();
const database = await openDatabase(config);
const app = await NestFactory.create<NestExpressApplication>(
  AppModule.register(config, database),
  { bodyParser: false, logger: new PinoNestLogger(createLog(config)) },
);
configureApp(app, config);

// The first key of an embedded database is made before listening, shown after the addresses.
// On PostgreSQL the operator makes it: the addresses are followed by how.
let firstKey: string | null = null;
if (database.embedded) {
  logger.log(`Embedded database in ${config.dataDir} (no DATABASE_URL set)`);
}
const keys = app.get(ApiKeyService);
const noKeyYet = (await keys.count()) === 0;
if (noKeyYet && database.embedded)
  firstKey = (await keys.create('default')).key;

await app.listen(config.port, config.host);
// PORT=0 picks a free port: name the one actually bound, and the address listened on.
const { address, port } = app.getHttpServer().address() as AddressInfo;
const base = `http://localhost:${port}`;
logger.log(`Listening on ${listenedOn(address, port)}`);
logger.log(`API on ${base}/api/v1/reports, docs on ${base}/docs`);
if (noKeyYet && !firstKey) logger.warn(NO_KEY_YET);
if (firstKey) {
  console.log(
    [
      '',
      'No API key existed, so one was made. It is shown this once; keep it:',
      '',
      `    ${firstKey}`,
      '',
    ].join('\n'),
  );
}

// SIGTERM: stop taking requests, let answers under way go out, let running analyses
// finish within SHUTDOWN_GRACE_MS or go back to the queue, then close the pools.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    logger.log(`${signal}: no new requests; finishing what is under way.`);
    const server = app.getHttpServer();
    server.close();
    server.closeIdleConnections();
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

/** Where the server listens, as a person reads it: every interface, or one address. */
function listenedOn(address: string, port: number): string {
  if (address === '0.0.0.0' || address === '::') {
    return `${address} port ${port}: every network interface of this machine (HOST=127.0.0.1 keeps it to this machine)`;
  }
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${port} only (HOST)`;
}
