// A loopback TCP proxy in front of a database server, for tests that lose the server without
// owning it: cut() closes every connection through it and stops listening, as a server that died
// would (connections end, new ones are refused); restore() listens on the same port again.

import { connect, createServer, type Server, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const make = () =>
    createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve((server.address() as { port: number }).port));
    });
  let server: Server | null = make();
  const port = await listen(server, 0);
  const stop = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (s !== null) await new Promise((resolve) => s.close(resolve));
  };
  return {
    port,
    cut: stop,
    async restore() {
      if (server !== null) return;
      server = make();
      await listen(server, port);
    },
    close: stop,
  };
}
