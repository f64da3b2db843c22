// The baseline: a plain loopback HTTP server that reads each request body to the end and answers 201.
import http from 'node:http';

const server = http.createServer((req, res) => {
  let n = 0;
  req.on('data', (c) => (n += c.length));
  req.on('end', () => {
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ bytes: n }));
  });
});
server.listen(Number(process.argv[2]), '127.0.0.1', () => process.send?.('ready'));
