#!/usr/bin/env node
// Serves the example web game and the built SDK it imports, on http://localhost:5180 (PORT to change):
//   npm run build -w @liveops/sdk && node docs/examples/sdk-web-game/serve.mjs
// then open http://localhost:5180/?baseUrl=http://localhost:3000/v1&sdkKey=CSDK-…&playerId=player-1
// Only this folder and packages/sdk/dist are served. Tests start it with startExampleServer().
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const EXAMPLE = '/docs/examples/sdk-web-game/';
const SERVED = [EXAMPLE, '/packages/sdk/dist/'];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Starts the server on `port` (0: any free one) and resolves with it and the example's address. */
export function startExampleServer(port = 0, host = '127.0.0.1') {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/' || url.pathname === EXAMPLE.slice(0, -1)) {
      response.writeHead(302, { Location: `${EXAMPLE}${url.search}` }).end();
      return;
    }
    const path = normalize(decodeURIComponent(url.pathname + (url.pathname.endsWith('/') ? 'index.html' : '')));
    const type = TYPES[extname(path)];
    if (!type || !SERVED.some((prefix) => path.startsWith(prefix.replaceAll('/', sep)))) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    readFile(join(root, path)).then(
      (body) => response.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache' }).end(body),
      () =>
        response
          .writeHead(404, { 'Content-Type': 'text/plain' })
          .end(path.includes('dist') ? 'Not found: build the SDK first (npm run build -w @liveops/sdk).' : 'Not found'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const { port: bound } = server.address();
      resolve({ server, url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${bound}${EXAMPLE}` });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await startExampleServer(Number(process.env.PORT ?? 5180), process.env.HOST ?? '127.0.0.1');
  console.log(`The example web game: ${url}?baseUrl=http://localhost:3000/v1&sdkKey=<your SDK key>&playerId=player-1`);
}
