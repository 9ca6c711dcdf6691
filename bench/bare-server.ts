/**
 * The bench's baseline: a bare Node `http` server in a process of its own (as the production server
 * has), answering every request with the bytes of one recorded response: its status, every header
 * the production server sent and its body. Started by bench/run.ts with the port and a JSON file:
 * `{ headers, body }`, the body in base64. It prints 'ready' once listening.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file, 'utf8')) as {
  headers: http.OutgoingHttpHeaders;
  body: string;
};
const body = Buffer.from(recorded.body, 'base64');
http
  .createServer((_req, res) => {
    res.writeHead(200, recorded.headers);
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
