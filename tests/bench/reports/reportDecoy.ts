import { createServer } from 'node:http';

// bench:reports' reference for the machine's part: a process that takes the same reports as the service, reads
// each body whole and answers 201, and does nothing else (no parse, no check, no store). Lookups to the service
// beside reports sent here pay only for what the reports cost the machine (the sender building and POSTing 300 KB
// bodies, the kernel moving them, a process reading them, on 2 shared cores), not for the service's own work.
const server = createServer((request, response) => {
  let bytes = 0;
  request.on('data', (chunk: Buffer) => (bytes += chunk.length));
  request.on('end', () => {
    const body = JSON.stringify({ reference: `DECOY${bytes}` });
    response.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the decoy has no port');
  console.log(`Decoy ready at http://127.0.0.1:${address.port}`);
});
process.once('SIGTERM', () => server.close());
