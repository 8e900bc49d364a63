// The protocol-speaking S3 stand-in (apps/server/src/providers/storage/fakes/s3.ts) as a process of
// its own, for `npm run stack`: run with `node --import tsx`, it reads its credentials from S3_*,
// prints `S3_ENDPOINT=http://127.0.0.1:<port>` once it listens, and stops on SIGTERM/SIGINT.
// Objects live in memory: they are gone when the stack stops.
const { FakeS3 } = await import('../../apps/server/src/providers/storage/fakes/s3.ts');

const fake = new FakeS3({
  accessKeyId: process.env.S3_ACCESS_KEY_ID ?? 'stack',
  secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? 'stack-secret',
  region: process.env.S3_REGION ?? 'us-east-1',
  bucket: process.env.S3_BUCKET ?? 'stack',
});
const endpoint = await fake.start();
process.stdout.write(`S3_ENDPOINT=${endpoint}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await fake.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
