import { ConfigError, loadConfig } from './config';
import { hasWebBuild } from './plugins/web-app';
import { startServer } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const { ctx } = server;

  const lines = [`Servidor en ${server.url}`];
  lines.push(
    ctx.databaseKind === 'pglite'
      ? `  Base de datos: PostgreSQL embebido (PGlite) en ${config.dataDir}`
      : '  Base de datos: PostgreSQL (DATABASE_URL)',
  );
  lines.push(
    hasWebBuild(config.webDir)
      ? `  Web: ${config.webDir}`
      : '  Web: no compilada (ejecuta «pnpm build» para servirla aquí)',
  );
  lines.push(`  Documentación de la API: ${server.url}/api/docs`);
  if (config.smtpUrl !== undefined) lines.push('  Correo: SMTP_URL');
  else if (config.devMailbox) lines.push(`  Correo: buzón local en ${server.url}/dev/correo`);
  else if (!config.production) {
    lines.push(
      '  Correo: buzón local sin página (el servidor no escucha solo en este equipo; DEV_MAILBOX=true la activa)',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'Cerrando el servidor');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'Error al cerrar el servidor');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => {
    shutdown('SIGINT');
  });
  process.on('SIGTERM', () => {
    shutdown('SIGTERM');
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `No se pudo arrancar el servidor: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
