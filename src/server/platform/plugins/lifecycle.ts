import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Socket } from 'node:net';
import { sendIdentityError } from '../../identity/index';
import { sendError } from './errors';

export interface Lifecycle {
  /** This process's name in responses (X-Instance) and log lines. */
  readonly instanceId: string;
  /** True from SIGTERM on: readiness fails, requests are still served. */
  readonly draining: boolean;
  /** True once the server closes: new requests get 503, sockets end with their last response. */
  readonly closing: boolean;
  startDraining(): void;
}

/** Requests of this socket whose answers have not finished. */
const IN_FLIGHT = Symbol('requests in flight');
type CountedSocket = Socket & { [IN_FLIGHT]?: number };

/** How long a socket may linger after its last response during shutdown before it is destroyed. */
const SOCKET_END_GRACE_MS = 1000;

function refuseWhileClosing(request: FastifyRequest, reply: FastifyReply) {
  reply.header('Connection', 'close').header('Retry-After', '5');
  const path = request.url.split('?')[0]!;
  if (path === '/identity' || path.startsWith('/identity/')) {
    return sendIdentityError(reply, 503, 'UNAVAILABLE : This server is shutting down. Please try again.');
  }
  return sendError(reply, 503, 'unavailable', 'This server is shutting down. Please try again.');
}

/**
 * Start and end of the process as the outside sees it: the instance header, draining, and a
 * shutdown that finishes in-flight requests and then lets go of every socket.
 *
 * Closing the idle keep-alive sockets once, when shutdown starts, is not enough: a response whose
 * headers left before that (a streamed page) promised `Connection: keep-alive`, and its socket
 * becomes idle only later. So during shutdown each socket is ended as soon as its last response
 * ends; otherwise it would hold the server open until the keep-alive timeout.
 */
export default fp(
  async function lifecycle(app: FastifyInstance, options: { instanceId: string }) {
    let draining = false;
    let closing = false;

    const endSocket = (socket: Socket) => {
      if (socket.destroyed) return;
      socket.end();
      setTimeout(() => socket.destroy(), SOCKET_END_GRACE_MS).unref();
    };

    const lifecycle: Lifecycle = {
      instanceId: options.instanceId,
      get draining() {
        return draining;
      },
      get closing() {
        return closing;
      },
      startDraining() {
        draining = true;
      },
    };
    app.decorate('lifecycle', lifecycle);

    // Synchronous hooks: they run on every request, and an async hook costs a promise each time.
    // Each socket counts its requests in flight on itself: two hooks Fastify runs anyway cost less
    // than a listener on every response (the count is only read once the server is closing).
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('X-Instance', options.instanceId);
      const socket = request.raw.socket as CountedSocket;
      socket[IN_FLIGHT] = (socket[IN_FLIGHT] ?? 0) + 1;
      if (closing) {
        void refuseWhileClosing(request, reply);
        return;
      }
      done();
    });
    app.addHook('onResponse', (request, _reply, done) => {
      const socket = request.raw.socket as CountedSocket;
      const left = Math.max((socket[IN_FLIGHT] ?? 1) - 1, 0);
      socket[IN_FLIGHT] = left;
      if (left === 0 && closing) endSocket(socket);
      done();
    });
    // Responses that start after shutdown began tell the client not to reuse the socket.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing && !reply.raw.headersSent) reply.header('Connection', 'close');
      done(null, payload);
    });
    app.addHook('preClose', async () => {
      closing = true;
      draining = true;
    });
  },
  { name: 'lifecycle' },
);
