import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Writable } from 'node:stream';

/** What an in-process GET was answered: as a browser would read it. */
export interface InProcessAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: string;
  /** The request the route saw (the response cache keeps an answer's tags beside it). */
  req: IncomingMessage;
}

/** Fastify's `app.routing`: the server's own request handler. */
type Dispatch = (req: IncomingMessage, res: ServerResponse) => void;

/** The socket of an in-process request: it has the visitor's address and drops what is written. */
class InProcessSocket extends Writable {
  readonly encrypted = false;

  constructor(readonly remoteAddress: string) {
    super();
  }

  override _write(_chunk: unknown, _encoding: BufferEncoding, done: () => void): void {
    done();
  }
}

/** Keeps the body a route writes, which Node would otherwise send to the socket. */
class CapturedResponse extends ServerResponse {
  readonly chunks: Buffer[] = [];

  constructor(req: IncomingMessage) {
    super(req);
    // With a header set once, `writeHead(status, headers)` adds its headers to `getHeaders()`
    // instead of only writing them out.
    this.setHeader('x-in-process', '1');
    this.removeHeader('x-in-process');
  }

  private keep(chunk: unknown, encoding?: unknown): void {
    if (typeof chunk === 'string') this.chunks.push(Buffer.from(chunk, encoding as BufferEncoding));
    else if (chunk instanceof Uint8Array) this.chunks.push(Buffer.from(chunk));
  }

  override write(chunk: any, ...rest: any[]): boolean {
    this.keep(chunk, typeof rest[0] === 'string' ? rest[0] : undefined);
    return super.write(chunk, ...rest);
  }

  override end(chunk?: any, ...rest: any[]): this {
    if (typeof chunk === 'function') return super.end(chunk);
    if (chunk !== undefined && chunk !== null)
      this.keep(chunk, typeof rest[0] === 'string' ? rest[0] : undefined);
    const done = rest.find((arg) => typeof arg === 'function');
    return super.end(done);
  }
}

/**
 * Answers a GET in this process through the server's own handler (`app.routing`): every hook,
 * access rule and the response cache run as for a browser. Made of Node's own request and response
 * classes rather than `app.inject` (light-my-request), whose requests each get a hidden class of
 * their own that keeps them alive until the next full collection: every injected request was
 * promoted to the old generation (decision 0074).
 */
export function requestInProcess(
  dispatch: Dispatch,
  request: { url: string; headers: Record<string, string>; remoteAddress: string },
): Promise<InProcessAnswer> {
  const socket = new InProcessSocket(request.remoteAddress);
  const req = new IncomingMessage(socket as never);
  req.method = 'GET';
  req.url = request.url;
  req.httpVersion = '1.1';
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.headers = { host: 'localhost', ...request.headers };
  req.rawHeaders = Object.entries(req.headers).flatMap(([name, value]) => [name, String(value)]);
  req.complete = true;
  req.push(null);
  const res = new CapturedResponse(req);
  res.assignSocket(socket as never);
  return new Promise((resolve, reject) => {
    res.once('finish', () =>
      resolve({
        status: res.statusCode,
        headers: res.getHeaders(),
        body: Buffer.concat(res.chunks).toString(),
        req,
      }),
    );
    res.once('close', () => {
      if (!res.writableFinished) reject(new Error(`in-process request for ${request.url} closed unanswered`));
    });
    dispatch(req, res);
  });
}
