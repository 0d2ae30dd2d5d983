/**
 * Whether the gateway can listen where it was told, checked before anything is opened or created:
 * a second copy started by mistake must fail at once with a reason, not open the store (and, on an
 * empty folder, print an admin's password nobody can use) only to find the port taken.
 */
import { createServer, type Server } from 'node:net';

/** The port cannot be listened on; `message` is the Spanish line the operator reads. */
export class CannotListen extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CannotListen';
  }
}

function reason(e: NodeJS.ErrnoException, port: number, host: string): Error {
  if (e.code === 'EADDRINUSE') {
    return new CannotListen(
      `El puerto ${port} ya está en uso: otro programa (quizá otra copia de la pasarela) escucha en ${host}:${port}. ` +
        `Deténgalo o elija otro puerto con la variable PORT (por ejemplo PORT=${port + 1}).`,
    );
  }
  if (e.code === 'EACCES') {
    return new CannotListen(`No hay permiso para escuchar en el puerto ${port}: los puertos menores que 1024 requieren privilegios. Use uno mayor (PORT=3000) detrás de un proxy.`);
  }
  if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND') {
    return new CannotListen(`La dirección ${host} (HOST) no pertenece a esta máquina: use 127.0.0.1, 0.0.0.0 o una de sus direcciones.`);
  }
  return e;
}

/** Starts `server` listening; a port taken (or forbidden) rejects with CannotListen. */
export function listenOn<S extends Server>(server: S, port: number, host: string): Promise<S> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException): void => reject(reason(e, port, host));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server);
    });
  });
}

/** Rejects with CannotListen when `port` cannot be listened on now; leaves it free again either way. */
export async function assertPortFree(port: number, host: string): Promise<void> {
  const probe = await listenOn(createServer(), port, host);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
