/** One slice of an upload: the browser PUTs its bytes to `url` with `headers` (presigned; no other credentials). */
export interface UploadPlanPart {
  partNumber: number;
  url: string;
  headers: Record<string, string>;
}

/** A multipart upload the browser fills slice by slice; `completeUpload` joins it into the object at `key`. */
export interface UploadPlan {
  /** The backend's id of the multipart upload. */
  uploadId: string;
  key: string;
  /** Bytes per slice (UPLOAD_SLICE_BYTES); the last slice holds the remainder. */
  partSize: number;
  /** Presigned PUT URLs, one per slice, in order (partNumber 1..N). */
  parts: UploadPlanPart[];
  /** When the part URLs stop working (ms epoch). */
  expiresAt: number;
  bucket: string;
  region: string;
}

/** Where uploaded files live. Adapters: local (default, under DATA_DIR/uploads) and S3-compatible. */
export interface StorageProvider {
  readonly name: 'local' | 's3';
  /** Stores `body` under `key` (a relative path like `chat/12/ab.png`); returns the URL to hand out. */
  put(key: string, body: Buffer, contentType: string): Promise<{ key: string; url: string }>;
  /** Reads the object (documents can be 50 MB; it is read whole); null when there is none. */
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  /** Removes the object; no error when there is none. */
  delete(key: string): Promise<void>;
  /** The key behind a URL this store handed out; null for any other URL. */
  keyOf(url: string): string | null;

  /** Starts a multipart upload of `size` bytes to `key` and presigns one PUT URL per slice, valid `expiresInSeconds` from `now` (ms). */
  createUpload(key: string, size: number, contentType: string, expiresInSeconds: number, now: number): Promise<UploadPlan>;
  /**
   * Joins the slices into the object at `key`; returns the stored size. Throws `UploadIncompleteError`
   * when slices are missing or of the wrong size, or the upload is unknown. Idempotent: completing an
   * already-completed upload whose object exists returns its size.
   */
  completeUpload(key: string, uploadId: string, size: number): Promise<{ size: number }>;
  /** Drops an unfinished upload and its slices; no error when it is already gone. */
  abortUpload(key: string, uploadId: string): Promise<void>;
}

export type UploadIncompleteReason = 'missing-part' | 'wrong-size' | 'no-upload';

/** The slices of an upload do not make the announced file (yet): some are missing, of the wrong size, or the upload is unknown. */
export class UploadIncompleteError extends Error {
  override readonly name = 'UploadIncompleteError';
  constructor(
    message: string,
    readonly reason: UploadIncompleteReason = 'missing-part',
  ) {
    super(message);
  }
}

/** How many slices `size` bytes make at `partSize` each (at least one). */
export const partCount = (size: number, partSize: number) => Math.max(1, Math.ceil(size / partSize));

/** The expected length of slice `partNumber` (1-based) of an upload of `size` bytes. */
export const partLength = (size: number, partSize: number, partNumber: number) =>
  partNumber < partCount(size, partSize) ? partSize : size - partSize * (partCount(size, partSize) - 1);

/** S3 accepts at most 10,000 parts per upload. */
export const MAX_PARTS = 10_000;

/** Checks what `createUpload` is given; throws a plain Error on nonsense (a caller's bug, not user input). */
export function checkUploadRequest(size: number, expiresInSeconds: number, partSize: number) {
  if (!Number.isSafeInteger(size) || size <= 0) throw new Error(`invalid upload size: ${size}`);
  if (partCount(size, partSize) > MAX_PARTS) throw new Error(`upload too large: ${size} bytes`);
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > 7 * 24 * 3600) {
    throw new Error(`invalid upload expiry: ${expiresInSeconds}s`);
  }
}

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]{1,5}$/;

/** Keys are plain relative paths: no `..`, no leading slash, no odd characters. */
export const isSafeKey = (key: string) => key.length <= 300 && KEY.test(key);
