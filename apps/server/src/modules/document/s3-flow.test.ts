import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_SLICE_BYTES } from '@app/shared';
import { FakeS3 } from '../../providers/storage/fakes/s3.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { askWith, uploadAndParse, uploadDocument } from '../../testing/document.ts';

const creds = { accessKeyId: 'AKIDDOCS', secretAccessKey: 'docs-secret-key-0123456789', region: 'ap-shanghai', bucket: 'docs-1250000000' };
const fake = new FakeS3(creds);
let t: TestApp;
let user: string;

beforeAll(async () => {
  const endpoint = await fake.start();
  t = await createTestApp({
    env: { S3_BUCKET: creds.bucket, S3_REGION: creds.region, S3_ACCESS_KEY_ID: creds.accessKeyId, S3_SECRET_ACCESS_KEY: creds.secretAccessKey, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1' },
  });
  // Presigned URLs carry the app's time; the fake bucket checks them against the real one.
  t.clock.advance(Date.now() - t.clock.now());
  user = await t.loginByPhone('13800000401');
});
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

describe('document upload to an S3-compatible bucket', () => {
  it('sends the slices straight to the bucket, joins them there, parses and answers', async () => {
    const text = '# 采购制度\n\n## 审批\n\n单笔采购超过一万元须经部门负责人审批。\n\n' + '补充说明：所有采购均应保留合同与发票。'.repeat(110_000);
    const body = Buffer.from(text);
    expect(body.length).toBeGreaterThan(UPLOAD_SLICE_BYTES);
    const up = await uploadDocument(t, user, { name: '采购制度.md', body });
    expect(up.failed).toBeNull();
    expect(up.signature!.parts.length).toBe(Math.ceil(body.length / UPLOAD_SLICE_BYTES));
    expect(up.signature!.parts[0]!.url).toContain('X-Amz-Signature=');
    expect(up.signature).toMatchObject({ bucket: creds.bucket, region: creds.region });
    const object = fake.objects.get(up.signature!.key);
    expect(object?.body.equals(body)).toBe(true);
    expect(fake.uploads.size).toBe(0);
    await t.documents.jobs.idle();
    const q = await t.call('GET', '/api/document/query', { token: user, query: { token: up.token! } });
    expect(q.body.data).toMatchObject({ status: 2, name_status: 1, title: '采购制度' });
    const r = await askWith(t, user, { token: up.token!, action: 'qa', question: '采购审批的金额标准' });
    expect(r.last).toMatchObject({ type: 'done', status: 'complete' });
    expect(r.text).toContain('一万元');
  });

  it('says the upload failed when a slice never reached the bucket', async () => {
    const body = Buffer.alloc(UPLOAD_SLICE_BYTES + 100, 'x');
    const r = await uploadDocument(t, user, { name: 'half.txt', body }, { skipParts: [1] });
    expect(r.failed).toMatchObject({ step: 'add', message: '文件上传失败！请稍后重试！' });
  });

  it('deletes the object with the document', async () => {
    const { token } = await uploadAndParse(t, user, { name: 'tmp.txt', body: Buffer.from('临时文件内容。') });
    const keys = [...fake.objects.keys()];
    await t.call('POST', '/api/document/delete', { token: user, body: { token } });
    expect(fake.objects.size).toBe(keys.length - 1);
  });
});
