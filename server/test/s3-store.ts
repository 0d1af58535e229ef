import S3rver from 's3rver';

/**
 * s3rver, the S3-compatible store of the two-server test (server/test/cluster.ts), as a process of its own, as the
 * object store is another machine: the test's own work never slows its answers. Arguments: its folder and its bucket.
 * Prints its port once it listens; stops on SIGTERM.
 */
const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error('usage: s3-store.ts <folder> <bucket>');
const store = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await store.run();
console.log(port);
process.once('SIGTERM', () => {
  void store.close().finally(() => process.exit(0));
});
