// The S3-compatible store of the one-machine deployment: s3rver (the tests' local S3), its
// objects in a directory; on several machines, any S3 (S3_ENDPOINT) takes its place.
import S3rver from 's3rver';

const [port, directory] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: 'tantieme' }],
});
await server.run();
// Longer than the clients' idle keep-alive: a reused connection the server had just closed
// failed an upload with 'socket hang up' (Node's default is 5 s).
server.httpServer.keepAliveTimeout = 65_000;
server.httpServer.headersTimeout = 66_000;
console.log(`s3rver on 127.0.0.1:${port}, objects in ${directory}`);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
