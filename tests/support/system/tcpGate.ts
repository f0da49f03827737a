import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

/** A TCP relay to a server that a test can cut (every connection ended, new ones refused) and open again. */
export interface TcpGate {
  port: number;
  cut(): void;
  open(): void;
  close(): Promise<void>;
}

export async function startTcpGate(host: string, port: number): Promise<TcpGate> {
  const sockets = new Set<Socket>();
  let cut = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (cut) return void client.destroy();
    const target = connect(port, host);
    track(target);
    client.pipe(target).pipe(client);
    client.on('close', () => target.destroy());
    target.on('close', () => client.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    open() {
      cut = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
