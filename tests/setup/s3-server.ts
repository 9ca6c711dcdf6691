import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3Server {
  /** http://127.0.0.1:<port>: the S3_ENDPOINT of a server that uses it (path-style addresses). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: the S3 REST protocol over HTTP, objects in a temporary
 * folder) on a free loopback port, with one empty bucket. The credentials are the only pair s3rver
 * knows: it refuses other access key ids, but does not check SigV4 signatures, and it lets anyone
 * read objects without signing (as a bucket whose policy makes everything public).
 */
export async function startS3Server(options: { bucket?: string; port?: number } = {}): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'pfc-s3-'));
  const bucket = options.bucket ?? 'pfc-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    stop: async () => {
      // Clients keep their connections alive; close() alone would wait for them to time out.
      (server as unknown as { httpServer: Server }).httpServer.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
