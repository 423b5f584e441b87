// The peer for bench:server: a bare node:http server that answers every request with a constant.
const { createServer } = require('node:http');
const body = '22';
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`bare server listening on http://127.0.0.1:${server.address().port}\n`),
);
