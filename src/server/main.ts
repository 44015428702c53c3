import { buildApp } from './app';
import { loadConfig } from './config';
import { seedIfEmpty } from './seed/seed';
import { createContext, startBackground } from './start';

/** `npm start`: one server for the web app and the API. */
const config = loadConfig();
const ctx = await createContext(config);
const seeded = config.seedDemo ? await seedIfEmpty(ctx) : null;
const app = await buildApp(ctx, { logger: true });
const stopBackground = startBackground(ctx);
await app.listen({ host: config.host, port: config.port });

const where = ctx.db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
console.log(`\nLeadline is running at http://${config.host}:${config.port}  (database: ${where})`);
if (seeded) console.log(seeded);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void (async () => {
      await app.close();
      await stopBackground();
      await ctx.db.close();
      process.exit(0);
    })();
  });
}
