/**
 * Test support for the connection guard, shared by the three servers' tests: one client (a loopback
 * address of its own, 127.0.0.2) opening connections that send nothing, and another (127.0.0.1) asking
 * for a page meanwhile. Linux routes all of 127.0.0.0/8 to the loopback interface, so the two are two
 * clients to the server without leaving the machine.
 */
import http from 'node:http';
import net from 'node:net';

export const FLOODER = '127.0.0.2';
export const OTHER = '127.0.0.1';

export type Held = {
  sockets: net.Socket[];
  /** Connections the server has closed so far. */
  closed(): number;
  /** Resolves once the server has closed `count` of them. */
  untilClosed(count: number): Promise<void>;
  release(): void;
};

/** Opens `count` connections to `port` from `from`, each sending nothing, and resolves once all are open. */
export async function holdConnections(port: number, count: number, from = FLOODER): Promise<Held> {
  let closed = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = Array.from({ length: count }, () => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    socket.on('error', () => undefined); // a refused connection may be reset
    socket.once('close', () => {
      closed++;
      for (const waiter of waiters.filter((item) => closed >= item.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
    return socket;
  });
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.once('connect', () => resolve());
          socket.once('close', () => resolve());
        }),
    ),
  );
  return {
    sockets,
    closed: () => closed,
    untilClosed: (wanted) =>
      closed >= wanted
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count: wanted, resolve })),
    release: () => sockets.forEach((socket) => socket.destroy()),
  };
}

/** Waits for a condition that a server's own events make true; the test's time-out bounds the wait. */
export async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Connections `server` holds open now, by its own count (whatever guards it). */
export const openConnections = (server: net.Server) =>
  new Promise<number>((resolve, reject) =>
    server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/**
 * Resolves once `server` has taken every connection of `held`: each is open on the server or was closed
 * by it. Whatever the server's caps, the next request meets them in place.
 */
export const allTaken = (server: net.Server, held: Held, extra = 0) =>
  until(async () => (await openConnections(server)) + held.closed() === held.sockets.length + extra);

export type Answer = { status: number; body: string };

/** One request on a fresh connection from `from`; rejects when the connection is refused or reset. */
export function requestFrom(
  url: string,
  {
    from = OTHER,
    method = 'GET',
    headers = {},
    body,
  }: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, localAddress: from, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
